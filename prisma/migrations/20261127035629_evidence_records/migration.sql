-- CreateEnum
CREATE TYPE "EvidenceKind" AS ENUM ('recording', 'report');

-- AlterTable
ALTER TABLE "recording_part" ADD COLUMN     "user_agent" TEXT;

-- CreateTable
CREATE TABLE "evidence_key" (
    "kid" TEXT NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evidence_key_pkey" PRIMARY KEY ("kid")
);

-- CreateTable
CREATE TABLE "evidence_record" (
    "inspection_id" UUID NOT NULL,
    "kind" "EvidenceKind" NOT NULL,
    "property_id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "jws" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evidence_record_pkey" PRIMARY KEY ("inspection_id","kind")
);

-- CreateIndex
CREATE INDEX "evidence_record_property_id_kind_seq_idx" ON "evidence_record"("property_id", "kind", "seq");
