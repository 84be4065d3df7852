-- CreateTable
CREATE TABLE "recording_reservation" (
    "id" UUID NOT NULL,
    "inspection_id" UUID NOT NULL,
    "bytes" INTEGER NOT NULL,
    "reserved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recording_reservation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recording_reservation_inspection_id_idx" ON "recording_reservation"("inspection_id");

-- AddForeignKey
ALTER TABLE "recording_reservation" ADD CONSTRAINT "recording_reservation_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
