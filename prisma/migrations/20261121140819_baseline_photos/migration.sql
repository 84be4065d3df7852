-- CreateEnum
CREATE TYPE "PhotoImportState" AS ENUM ('importing', 'imported', 'failed');

-- CreateEnum
CREATE TYPE "PhotoOutcome" AS ENUM ('stored', 'duplicate', 'failed');

-- CreateTable
CREATE TABLE "baseline_photo" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "storage_key" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "baseline_photo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "photo_import" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "state" "PhotoImportState" NOT NULL DEFAULT 'importing',
    "urls" JSONB NOT NULL,
    "accepted" INTEGER NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "photo_import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "photo_import_photo" (
    "import_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "outcome" "PhotoOutcome" NOT NULL,
    "reason" TEXT,

    CONSTRAINT "photo_import_photo_pkey" PRIMARY KEY ("import_id","index")
);

-- CreateIndex
CREATE UNIQUE INDEX "baseline_photo_property_id_sha256_key" ON "baseline_photo"("property_id", "sha256");

-- CreateIndex
CREATE INDEX "photo_import_property_id_created_at_idx" ON "photo_import"("property_id", "created_at");

-- AddForeignKey
ALTER TABLE "baseline_photo" ADD CONSTRAINT "baseline_photo_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "photo_import" ADD CONSTRAINT "photo_import_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "photo_import_photo" ADD CONSTRAINT "photo_import_photo_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "photo_import"("id") ON DELETE CASCADE ON UPDATE CASCADE;
