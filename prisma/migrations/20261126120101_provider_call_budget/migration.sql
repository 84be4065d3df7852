-- AlterTable
ALTER TABLE "inspection" ADD COLUMN     "provider_calls" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "checklist_tap" ADD COLUMN     "live_judgements" INTEGER NOT NULL DEFAULT 0;
