-- CreateEnum
CREATE TYPE "EventTrack" AS ENUM ('inspections', 'reservations');

-- CreateEnum
CREATE TYPE "ReservationStatus" AS ENUM ('confirmed', 'cancelled');

-- AlterTable
ALTER TABLE "partner" ADD COLUMN     "event_track" "EventTrack" NOT NULL DEFAULT 'inspections';

-- CreateTable
CREATE TABLE "connector_enablement" (
    "workspace_id" UUID NOT NULL,
    "platform" TEXT NOT NULL,
    "enabled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connector_enablement_pkey" PRIMARY KEY ("workspace_id","platform")
);

-- CreateTable
CREATE TABLE "reservation_calendar" (
    "property_id" UUID NOT NULL,
    "url_encrypted" TEXT NOT NULL,
    "url_hint" TEXT NOT NULL,
    "last_polled_at" TIMESTAMPTZ(3),
    "last_succeeded_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reservation_calendar_pkey" PRIMARY KEY ("property_id")
);

-- CreateTable
CREATE TABLE "reservation" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "uid" TEXT NOT NULL,
    "status" "ReservationStatus" NOT NULL DEFAULT 'confirmed',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "check_in" DATE NOT NULL,
    "check_out" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reservation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reservation_calendar_last_polled_at_idx" ON "reservation_calendar"("last_polled_at");

-- CreateIndex
CREATE INDEX "reservation_workspace_id_check_in_id_idx" ON "reservation"("workspace_id", "check_in", "id");

-- CreateIndex
CREATE UNIQUE INDEX "reservation_property_id_uid_key" ON "reservation"("property_id", "uid");

-- AddForeignKey
ALTER TABLE "connector_enablement" ADD CONSTRAINT "connector_enablement_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation_calendar" ADD CONSTRAINT "reservation_calendar_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "property"("id") ON DELETE CASCADE ON UPDATE CASCADE;
