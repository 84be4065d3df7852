-- AlterTable
ALTER TABLE "partner" ADD COLUMN     "recording_retention_days" INTEGER;

-- AlterTable
ALTER TABLE "inspection" ADD COLUMN     "media_deleted_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "inspection_media_deleted_at_sealed_at_idx" ON "inspection"("media_deleted_at", "sealed_at");
