-- CreateEnum
CREATE TYPE "TourImportState" AS ENUM ('importing', 'imported', 'failed', 'removed');

-- CreateTable
CREATE TABLE "tour_import" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "model_id" TEXT NOT NULL,
    "state" "TourImportState" NOT NULL DEFAULT 'importing',
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "tour_import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tour_image" (
    "id" UUID NOT NULL,
    "import_id" UUID NOT NULL,
    "provider_image_id" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tour_image_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "home_tour" (
    "property_id" UUID NOT NULL,
    "named_import_id" UUID NOT NULL,
    "in_use_import_id" UUID,

    CONSTRAINT "home_tour_pkey" PRIMARY KEY ("property_id")
);

-- CreateIndex
CREATE INDEX "tour_import_property_id_state_idx" ON "tour_import"("property_id", "state");

-- CreateIndex
CREATE UNIQUE INDEX "tour_image_import_id_provider_image_id_key" ON "tour_image"("import_id", "provider_image_id");

-- AddForeignKey
ALTER TABLE "tour_import" ADD CONSTRAINT "tour_import_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tour_image" ADD CONSTRAINT "tour_image_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "tour_import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "home_tour" ADD CONSTRAINT "home_tour_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "home_tour" ADD CONSTRAINT "home_tour_named_import_id_fkey" FOREIGN KEY ("named_import_id") REFERENCES "tour_import"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "home_tour" ADD CONSTRAINT "home_tour_in_use_import_id_fkey" FOREIGN KEY ("in_use_import_id") REFERENCES "tour_import"("id") ON DELETE SET NULL ON UPDATE CASCADE;
