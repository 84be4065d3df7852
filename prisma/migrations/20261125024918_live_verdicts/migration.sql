-- AlterTable
ALTER TABLE "checklist_tap" ADD COLUMN     "live_confidence" DOUBLE PRECISION,
ADD COLUMN     "live_state" "ChecklistItemState",
ADD COLUMN     "live_still_key" TEXT;
