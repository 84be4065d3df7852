-- CreateIndex
CREATE INDEX "webhook_delivery_status_next_attempt_at_id_idx" ON "webhook_delivery"("status", "next_attempt_at", "id");
