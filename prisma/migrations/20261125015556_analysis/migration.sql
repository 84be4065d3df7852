-- CreateEnum
CREATE TYPE "ItemDecider" AS ENUM ('filming', 'provider', 'staff', 'cleaner');

-- CreateEnum
CREATE TYPE "FindingSeverity" AS ENUM ('MINOR', 'MODERATE', 'MAJOR');

-- CreateEnum
CREATE TYPE "FindingCategory" AS ENUM ('damage', 'cleaning', 'lost_item');

-- CreateEnum
CREATE TYPE "FindingSource" AS ENUM ('provider', 'staff');

-- AlterTable
ALTER TABLE "baseline_photo" ADD COLUMN     "dhash" BIGINT;

-- AlterTable
ALTER TABLE "tour_image" ADD COLUMN     "dhash" BIGINT;

-- AlterTable
ALTER TABLE "inspection" ADD COLUMN     "analyzed_at" TIMESTAMPTZ(3),
ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "failed_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "inspection_item" ADD COLUMN     "decided_by" "ItemDecider",
ADD COLUMN     "frame_stats" JSONB,
ADD COLUMN     "provider_confidence" DOUBLE PRECISION,
ADD COLUMN     "provider_rationale" TEXT,
ADD COLUMN     "provider_state" "ChecklistItemState",
ADD COLUMN     "recheck_until" TIMESTAMPTZ(3),
ADD COLUMN     "review_needed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "staff_state" "ChecklistItemState";

-- CreateTable
CREATE TABLE "finding" (
    "id" UUID NOT NULL,
    "inspection_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "room" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "severity" "FindingSeverity" NOT NULL,
    "category" "FindingCategory" NOT NULL,
    "video_timestamp_seconds" DOUBLE PRECISION,
    "after_keys" TEXT[],
    "before_keys" TEXT[],
    "source" "FindingSource" NOT NULL,
    "confidence" DOUBLE PRECISION,
    "dhash" BIGINT,
    "review_needed" BOOLEAN NOT NULL DEFAULT false,
    "reviewed_at" TIMESTAMPTZ(3),
    "rejected" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "finding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "finding_batch" (
    "inspection_id" UUID NOT NULL,
    "batch" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "finding_batch_pkey" PRIMARY KEY ("inspection_id","batch")
);

-- CreateTable
CREATE TABLE "analysis_call" (
    "id" UUID NOT NULL,
    "inspection_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "prompt_tokens" INTEGER,
    "completion_tokens" INTEGER,
    "images" INTEGER NOT NULL,
    "image_bytes" INTEGER NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analysis_call_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "finding_inspection_id_created_at_idx" ON "finding"("inspection_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "finding_inspection_id_key_key" ON "finding"("inspection_id", "key");

-- CreateIndex
CREATE INDEX "analysis_call_inspection_id_idx" ON "analysis_call"("inspection_id");

-- AddForeignKey
ALTER TABLE "finding" ADD CONSTRAINT "finding_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "finding_batch" ADD CONSTRAINT "finding_batch_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analysis_call" ADD CONSTRAINT "analysis_call_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
