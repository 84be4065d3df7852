-- AlterTable
ALTER TABLE "evidence_record" ADD COLUMN     "frame_dhashes" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
ADD COLUMN     "reuse_suspected" BOOLEAN NOT NULL DEFAULT false;
