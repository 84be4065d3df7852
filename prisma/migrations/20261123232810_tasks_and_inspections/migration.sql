-- CreateEnum
CREATE TYPE "InspectionStatus" AS ENUM ('recording', 'processing', 'completed', 'failed');

-- CreateTable
CREATE TABLE "task" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "external_id" TEXT NOT NULL,
    "property_id" UUID NOT NULL,
    "name" TEXT,
    "scheduled_date" DATE,
    "return_url" TEXT,
    "token_hash" BYTEA NOT NULL,
    "token_encrypted" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inspection" (
    "id" UUID NOT NULL,
    "task_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "status" "InspectionStatus" NOT NULL DEFAULT 'recording',
    "checklist" JSONB NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inspection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "task_token_hash_key" ON "task"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "task_workspace_id_external_id_key" ON "task"("workspace_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "inspection_task_id_key" ON "inspection"("task_id");

-- CreateIndex
CREATE INDEX "inspection_workspace_id_opened_at_idx" ON "inspection"("workspace_id", "opened_at");

-- AddForeignKey
ALTER TABLE "task" ADD CONSTRAINT "task_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task" ADD CONSTRAINT "task_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "task"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
