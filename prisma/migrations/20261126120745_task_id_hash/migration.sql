-- task_id takes up to 1,000 characters (up to 4,000 bytes): more than a btree index entry holds,
-- so tasks are keyed and found by the SHA-256 of their external_id instead.

-- DropIndex
DROP INDEX "task_workspace_id_external_id_key";

-- AlterTable: existing tasks get their hash before the column becomes required.
ALTER TABLE "task" ADD COLUMN     "external_id_hash" BYTEA;
UPDATE "task" SET "external_id_hash" = sha256(convert_to("external_id", 'UTF8'));
ALTER TABLE "task" ALTER COLUMN "external_id_hash" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "task_workspace_id_external_id_hash_key" ON "task"("workspace_id", "external_id_hash");
