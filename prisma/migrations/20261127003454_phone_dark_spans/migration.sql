-- The phone's too-dark stretches (lib/recording/record-dark-spans.ts), in run seconds and, once sealed, video seconds.
-- CreateTable
CREATE TABLE "dark_span" (
    "inspection_id" UUID NOT NULL,
    "run" INTEGER NOT NULL,
    "from_seconds" DOUBLE PRECISION NOT NULL,
    "to_seconds" DOUBLE PRECISION NOT NULL,
    "video_from" DOUBLE PRECISION,
    "video_to" DOUBLE PRECISION,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dark_span_pkey" PRIMARY KEY ("inspection_id","run","from_seconds")
);

-- AddForeignKey
ALTER TABLE "dark_span" ADD CONSTRAINT "dark_span_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
