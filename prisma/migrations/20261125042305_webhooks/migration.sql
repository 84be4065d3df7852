-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "webhook_receiver" (
    "partner_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "previous_secret_encrypted" TEXT,
    "previous_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_receiver_pkey" PRIMARY KEY ("partner_id")
);

-- CreateTable
CREATE TABLE "webhook_event" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "workspace_id" UUID,
    "property_id" UUID,
    "inspection_id" UUID,
    "build_after" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "body" TEXT,
    "built_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts_made" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "skip_reason" TEXT,
    "replay_of" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempt" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "url" TEXT NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "response_excerpt" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_attempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_event_partner_id_created_at_idx" ON "webhook_event"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_event_build_after_idx" ON "webhook_event"("build_after");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_event_inspection_id_event_type_key" ON "webhook_event"("inspection_id", "event_type");

-- CreateIndex
CREATE INDEX "webhook_delivery_partner_id_status_next_attempt_at_idx" ON "webhook_delivery"("partner_id", "status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_lease_until_idx" ON "webhook_delivery"("lease_until");

-- CreateIndex
CREATE INDEX "webhook_delivery_partner_id_created_at_idx" ON "webhook_delivery"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_event_id_idx" ON "webhook_delivery"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempt_delivery_id_number_key" ON "webhook_attempt"("delivery_id", "number");

-- AddForeignKey
ALTER TABLE "webhook_receiver" ADD CONSTRAINT "webhook_receiver_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
