import "server-only";
import type { Tx } from "../db/client";
import type { PhotoImportOrigin } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";

export interface RunningPhotoImport {
  id: string;
  origin: PhotoImportOrigin;
}

export interface RunningImports {
  photoImport?: RunningPhotoImport;
  tour?: { id: string; url: string; modelId: string };
}

/**
 * Locks the home's row: what every start, end or removal of an import takes first, so they
 * queue instead of deadlocking. `FOR NO KEY UPDATE` leaves rows that reference the home
 * (photos, checklists) writable.
 */
export async function lockHome(tx: Tx, propertyId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM property WHERE id = ${propertyId}::uuid FOR NO KEY UPDATE`;
}

/**
 * Locks the home and reads which imports run for it: one import of any kind per home at a
 * time (spec, Limits), so every start of an import checks and creates under this lock.
 */
export async function lockHomeImports(tx: Tx, propertyId: string): Promise<RunningImports> {
  await lockHome(tx, propertyId);
  const photo = await tx.photoImport.findFirst({ where: { propertyId, state: "importing" }, select: { id: true, origin: true } });
  const tour = await tx.tourImport.findFirst({
    where: { propertyId, state: "importing" },
    select: { id: true, url: true, modelId: true },
  });
  return { photoImport: photo ?? undefined, tour: tour ?? undefined };
}

/** A manager's upload has no id the partner could read (spec, Errors), so it names none. */
export function photoImportInProgress(running: RunningPhotoImport): ApiError {
  if (running.origin === "manager") {
    return new ApiError("baseline_import_in_progress", {
      message:
        "A property manager's photo upload is running for this home. Wait until setup.baseline_photos.state is no longer importing, then try again.",
    });
  }
  return new ApiError("baseline_import_in_progress", {
    message: "A photo import is running for this home. Poll it until it ends, then try again.",
    detail: { import_id: running.id },
  });
}

export function tourImportInProgress(tour: { id: string; url: string }): ApiError {
  return new ApiError("tour_import_in_progress", {
    message: "A tour is importing for this home. Wait until setup.tour.state is no longer importing, then try again.",
    detail: { import_id: tour.id, importing: tour.url },
  });
}
