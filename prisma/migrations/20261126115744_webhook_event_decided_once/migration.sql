-- AlterTable
ALTER TABLE "webhook_event" ADD COLUMN     "build_error" TEXT,
ADD COLUMN     "build_failed_at" TIMESTAMPTZ(3),
ADD COLUMN     "build_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unit_switched_off" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "webhook_event_build_failed_at_idx" ON "webhook_event"("build_failed_at");

-- Events recorded before this change were decided at every attempt: those whose home is off now
-- stay off, as the attempt after this migration would have decided.
UPDATE "webhook_event" e SET "unit_switched_off" = true
FROM "property" p
WHERE p."id" = e."property_id" AND e."inspection_id" IS NOT NULL
  AND NOT (p."roster_status" = 'present' AND p."billing_active");
