-- CreateEnum
CREATE TYPE "FeedHealth" AS ENUM ('never_run', 'ok', 'failing');

-- CreateEnum
CREATE TYPE "RosterSyncStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "SyncTrigger" AS ENUM ('schedule', 'manual');

-- AlterTable
ALTER TABLE "roster_import" ALTER COLUMN "observed_at" DROP NOT NULL,
ALTER COLUMN "total_count" DROP NOT NULL,
ALTER COLUMN "active_count" DROP NOT NULL,
ALTER COLUMN "inactive_count" DROP NOT NULL,
ALTER COLUMN "missing_address_count" DROP NOT NULL;

-- CreateTable
CREATE TABLE "roster_feed" (
    "workspace_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "health" "FeedHealth" NOT NULL DEFAULT 'never_run',
    "poll_minute" INTEGER NOT NULL,
    "last_polled_at" TIMESTAMPTZ(3),
    "last_succeeded_at" TIMESTAMPTZ(3),
    "last_error_code" TEXT,
    "last_error_detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "roster_feed_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateTable
CREATE TABLE "roster_sync" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "trigger" "SyncTrigger" NOT NULL,
    "status" "RosterSyncStatus" NOT NULL DEFAULT 'queued',
    "import_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "roster_sync_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "roster_sync_import_id_key" ON "roster_sync"("import_id");

-- CreateIndex
CREATE INDEX "roster_sync_workspace_id_created_at_idx" ON "roster_sync"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "roster_feed" ADD CONSTRAINT "roster_feed_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_sync" ADD CONSTRAINT "roster_sync_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
