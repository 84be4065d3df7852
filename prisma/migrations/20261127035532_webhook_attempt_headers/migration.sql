-- AlterTable
ALTER TABLE "webhook_attempt" ADD COLUMN     "request_headers" JSONB;
