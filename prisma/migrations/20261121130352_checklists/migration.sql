-- CreateEnum
CREATE TYPE "ChecklistType" AS ENUM ('housekeeping', 'inspection', 'maintenance');

-- CreateTable
CREATE TABLE "property_checklist" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "type" "ChecklistType" NOT NULL,
    "items" JSONB NOT NULL,
    "item_count" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "property_checklist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_checklist" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "type" "ChecklistType" NOT NULL,
    "items" JSONB NOT NULL,
    "item_count" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_checklist_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "property_checklist_property_id_type_key" ON "property_checklist"("property_id", "type");

-- CreateIndex
CREATE UNIQUE INDEX "company_checklist_workspace_id_type_key" ON "company_checklist"("workspace_id", "type");

-- AddForeignKey
ALTER TABLE "property_checklist" ADD CONSTRAINT "property_checklist_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_checklist" ADD CONSTRAINT "company_checklist_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
