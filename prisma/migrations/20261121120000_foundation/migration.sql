-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "PartnerStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "KeyStatus" AS ENUM ('active', 'revoked');

-- CreateEnum
CREATE TYPE "RosterSource" AS ENUM ('push', 'pull');

-- CreateEnum
CREATE TYPE "SyncMode" AS ENUM ('push', 'pull');

-- CreateEnum
CREATE TYPE "ServiceState" AS ENUM ('pending_setup', 'enabled');

-- CreateEnum
CREATE TYPE "ClaimState" AS ENUM ('unclaimed', 'pending', 'claimed');

-- CreateTable
CREATE TABLE "partner" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "PartnerStatus" NOT NULL DEFAULT 'active',
    "roster_max" INTEGER NOT NULL DEFAULT 10000,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "secret_hash" BYTEA NOT NULL,
    "hint" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY['read:inspections']::TEXT[],
    "status" "KeyStatus" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "allowlist_entry" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "entry" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "allowlist_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workspace" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "external_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_by_key_id" UUID,
    "provisioned_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "roster_revision" INTEGER NOT NULL DEFAULT 0,
    "roster_confirmed_at" TIMESTAMPTZ(3),
    "roster_observed_at" TIMESTAMPTZ(3),
    "roster_last_source" "RosterSource",
    "present_count" INTEGER NOT NULL DEFAULT 0,
    "inactive_count" INTEGER NOT NULL DEFAULT 0,
    "unconfirmed_count" INTEGER NOT NULL DEFAULT 0,
    "missing_address_count" INTEGER NOT NULL DEFAULT 0,
    "billing_active_count" INTEGER NOT NULL DEFAULT 0,
    "sync_mode" "SyncMode" NOT NULL DEFAULT 'push',
    "service_state" "ServiceState" NOT NULL DEFAULT 'pending_setup',
    "recording_enabled" BOOLEAN NOT NULL DEFAULT false,
    "claim_state" "ClaimState" NOT NULL DEFAULT 'unclaimed',

    CONSTRAINT "workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_window" (
    "bucket" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_limit_window_pkey" PRIMARY KEY ("bucket","window_start")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_key_secret_hash_key" ON "api_key"("secret_hash");

-- CreateIndex
CREATE INDEX "api_key_partner_id_status_idx" ON "api_key"("partner_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "allowlist_entry_partner_id_entry_key" ON "allowlist_entry"("partner_id", "entry");

-- CreateIndex
CREATE UNIQUE INDEX "workspace_partner_id_external_id_key" ON "workspace"("partner_id", "external_id");

-- CreateIndex
CREATE INDEX "rate_limit_window_window_start_idx" ON "rate_limit_window"("window_start");

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "allowlist_entry" ADD CONSTRAINT "allowlist_entry_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace" ADD CONSTRAINT "workspace_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

