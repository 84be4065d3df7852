-- CreateTable
CREATE TABLE "demo_upload" (
    "id" UUID NOT NULL,
    "reserved_bytes" BIGINT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "demo_upload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "demo_upload_started_at_idx" ON "demo_upload"("started_at");
