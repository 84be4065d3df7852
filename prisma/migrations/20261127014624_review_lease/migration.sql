-- CreateTable
CREATE TABLE "review_lease" (
    "inspection_id" UUID NOT NULL,
    "holder_id" UUID NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "review_lease_pkey" PRIMARY KEY ("inspection_id")
);

-- CreateIndex
CREATE INDEX "review_lease_holder_id_idx" ON "review_lease"("holder_id");

-- AddForeignKey
ALTER TABLE "review_lease" ADD CONSTRAINT "review_lease_inspection_id_fkey" FOREIGN KEY ("inspection_id") REFERENCES "inspection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_lease" ADD CONSTRAINT "review_lease_holder_id_fkey" FOREIGN KEY ("holder_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
