-- CreateIndex
CREATE INDEX "partner_name_id_idx" ON "partner"("name", "id");

-- CreateIndex
CREATE INDEX "workspace_partner_id_name_id_idx" ON "workspace"("partner_id", "name", "id");

-- CreateIndex
CREATE INDEX "inspection_opened_at_id_idx" ON "inspection"("opened_at", "id");
