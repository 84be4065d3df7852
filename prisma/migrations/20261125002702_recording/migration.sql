-- CreateEnum
CREATE TYPE "RecordingSource" AS ENUM ('camera', 'file');

-- CreateEnum
CREATE TYPE "TapAction" AS ENUM ('check', 'uncheck');

-- CreateEnum
CREATE TYPE "ChecklistItemState" AS ENUM ('verified', 'missed', 'explained', 'not_checked', 'pending');

-- AlterTable
ALTER TABLE "inspection" ADD COLUMN     "failure_reason" TEXT,
ADD COLUMN     "finish" JSONB,
ADD COLUMN     "finished_at" TIMESTAMPTZ(3),
ADD COLUMN     "sealed_at" TIMESTAMPTZ(3),
ADD COLUMN     "source" "RecordingSource";

-- CreateTable
CREATE TABLE "recording_part" (
    "inspection_id" UUID NOT NULL,
    "part_number" INTEGER NOT NULL,
    "run" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recording_part_pkey" PRIMARY KEY ("inspection_id","part_number")
);

-- CreateTable
CREATE TABLE "checklist_tap" (
    "inspection_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "item_id" UUID NOT NULL,
    "action" "TapAction" NOT NULL,
    "run" INTEGER NOT NULL,
    "run_seconds" DOUBLE PRECISION NOT NULL,
    "video_seconds" DOUBLE PRECISION,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checklist_tap_pkey" PRIMARY KEY ("inspection_id","seq")
);

-- CreateTable
CREATE TABLE "inspection_video" (
    "inspection_id" UUID NOT NULL,
    "media_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "duration_seconds" DOUBLE PRECISION NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "transcoded" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inspection_video_pkey" PRIMARY KEY ("inspection_id")
);

-- CreateTable
CREATE TABLE "inspection_item" (
    "inspection_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "item_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "state" "ChecklistItemState" NOT NULL,
    "reason" TEXT,
    "timestamp_seconds" DOUBLE PRECISION,
    "still_key" TEXT,
    "finished_anyway" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inspection_item_pkey" PRIMARY KEY ("inspection_id","position")
);

-- CreateIndex
CREATE UNIQUE INDEX "inspection_item_inspection_id_item_id_key" ON "inspection_item"("inspection_id", "item_id");

-- AddForeignKey
ALTER TABLE "recording_part" ADD CONSTRAINT "recording_part_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklist_tap" ADD CONSTRAINT "checklist_tap_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inspection_video" ADD CONSTRAINT "inspection_video_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inspection_item" ADD CONSTRAINT "inspection_item_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
