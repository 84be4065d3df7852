-- AlterTable
ALTER TABLE "inspection_video" ADD COLUMN     "originals_kept" BOOLEAN NOT NULL DEFAULT false;
