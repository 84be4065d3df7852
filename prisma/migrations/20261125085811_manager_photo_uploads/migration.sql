-- CreateEnum
CREATE TYPE "PhotoImportOrigin" AS ENUM ('partner', 'manager');

-- AlterTable
ALTER TABLE "photo_import" ADD COLUMN     "origin" "PhotoImportOrigin" NOT NULL DEFAULT 'partner',
ADD COLUMN     "uploaded_by" UUID;

-- AddForeignKey
ALTER TABLE "photo_import" ADD CONSTRAINT "photo_import_uploaded_by_fkey" FOREIGN KEY ("uploaded_by") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
