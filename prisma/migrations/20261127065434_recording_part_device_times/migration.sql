-- AlterTable
ALTER TABLE "recording_part" ADD COLUMN     "device_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "file_last_modified_at" TIMESTAMPTZ(3);
