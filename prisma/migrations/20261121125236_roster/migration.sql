-- CreateEnum
CREATE TYPE "PropertyRosterStatus" AS ENUM ('present', 'inactive', 'unconfirmed');

-- CreateEnum
CREATE TYPE "RosterImportStatus" AS ENUM ('queued', 'running', 'applied', 'rejected', 'failed');

-- CreateTable
CREATE TABLE "property" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "external_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "roster_status" "PropertyRosterStatus" NOT NULL DEFAULT 'unconfirmed',
    "billing_active" BOOLEAN NOT NULL DEFAULT false,
    "address_line1" TEXT,
    "address_line2" TEXT,
    "address_city" TEXT,
    "address_region" TEXT,
    "address_postal_code" TEXT,
    "address_country_code" TEXT,
    "address_unavailable_reason" TEXT,
    "building_id" TEXT,
    "unit_label" TEXT,
    "last_seen_at" TIMESTAMPTZ(3),
    "last_seen_revision" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "property_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "roster_import" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "source" "RosterSource" NOT NULL,
    "idempotency_key" TEXT,
    "snapshot_hash" TEXT NOT NULL,
    "status" "RosterImportStatus" NOT NULL DEFAULT 'queued',
    "observed_at" TIMESTAMPTZ(3) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "applied_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "base_revision" INTEGER NOT NULL,
    "result_revision" INTEGER,
    "total_count" INTEGER NOT NULL,
    "active_count" INTEGER NOT NULL,
    "inactive_count" INTEGER NOT NULL,
    "missing_address_count" INTEGER NOT NULL,
    "allow_empty" BOOLEAN NOT NULL DEFAULT false,
    "acknowledge_inactive_count" INTEGER,
    "snapshot" JSONB,
    "diff_created" INTEGER,
    "diff_updated" INTEGER,
    "diff_deactivated" INTEGER,
    "diff_reactivated" INTEGER,
    "error_code" TEXT,
    "error_detail" JSONB,

    CONSTRAINT "roster_import_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "property_workspace_id_roster_status_external_id_idx" ON "property"("workspace_id", "roster_status", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "property_workspace_id_external_id_key" ON "property"("workspace_id", "external_id");

-- CreateIndex
CREATE INDEX "roster_import_workspace_id_submitted_at_idx" ON "roster_import"("workspace_id", "submitted_at");

-- CreateIndex
CREATE UNIQUE INDEX "roster_import_workspace_id_idempotency_key_key" ON "roster_import"("workspace_id", "idempotency_key");

-- AddForeignKey
ALTER TABLE "property" ADD CONSTRAINT "property_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_import" ADD CONSTRAINT "roster_import_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
