-- AlterTable
ALTER TABLE "evidence_record" ADD COLUMN     "tsa_token" BYTEA;
