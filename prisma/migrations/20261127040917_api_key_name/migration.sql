-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "name" TEXT NOT NULL DEFAULT '';
