-- AlterTable
ALTER TABLE "roster_import" ADD COLUMN     "request_digest" TEXT;
