-- CreateIndex
CREATE INDEX "inspection_property_id_sealed_at_idx" ON "inspection"("property_id", "sealed_at");

-- CreateIndex
CREATE INDEX "inspection_status_sealed_at_id_idx" ON "inspection"("status", "sealed_at", "id");
