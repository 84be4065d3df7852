import "server-only";
import { db } from "../db/client";
import type { PhotoImport, Property } from "../generated/prisma/client";
import { enqueue } from "../queue/enqueue";
import { lockHomeImports, photoImportInProgress, tourImportInProgress } from "../properties/home-imports";

/**
 * Starts a photo import for a home: one import of any kind per home at a time (spec, Limits),
 * checked and created under the home's row lock, so two concurrent starts cannot both pass.
 * The job is enqueued in the same transaction: no import exists without its job, or the reverse.
 * It runs in the partner's share of the import queue (`partnerId`: the workspace's partner).
 */
export async function submitPhotoImport(
  partnerId: string,
  property: Pick<Property, "id">,
  urls: readonly string[],
): Promise<PhotoImport> {
  return db().$transaction(async (tx) => {
    const running = await lockHomeImports(tx, property.id);
    if (running.photoImport) throw photoImportInProgress(running.photoImport);
    if (running.tour) throw tourImportInProgress(running.tour);
    const created = await tx.photoImport.create({
      data: { propertyId: property.id, urls: [...urls], accepted: urls.length },
    });
    await enqueue("import-baseline", { kind: "photos", importId: created.id, partnerId }, { tx });
    return created;
  });
}
