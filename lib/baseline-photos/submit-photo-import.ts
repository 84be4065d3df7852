import { db } from "../db/client";
import type { PhotoImport, Property } from "../generated/prisma/client";
import { ApiError } from "../http/errors";
import { sendJob } from "../jobs/boss";
import { importBaselineJob } from "../jobs/import-baseline-job";

/**
 * Starts a photo import for a home: one import per home at a time (spec, Limits). The check and
 * the create run under a row lock on the home, so two concurrent POSTs cannot both pass the
 * check; `FOR NO KEY UPDATE` leaves rows that reference the home (photos, checklists) writable.
 * The job is enqueued in the same transaction: no import exists without its job, or the reverse.
 */
export async function submitPhotoImport(property: Pick<Property, "id">, urls: readonly string[]): Promise<PhotoImport> {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM property WHERE id = ${property.id}::uuid FOR NO KEY UPDATE`;
    const running = await tx.photoImport.findFirst({
      where: { propertyId: property.id, state: "importing" },
      select: { id: true },
    });
    if (running) {
      throw new ApiError("baseline_import_in_progress", {
        message: "A photo import is already running for this home. Poll it until it ends, then send the next batch.",
        detail: { import_id: running.id },
      });
    }
    const created = await tx.photoImport.create({
      data: { propertyId: property.id, urls: [...urls], accepted: urls.length },
    });
    await sendJob(importBaselineJob, { kind: "photos", importId: created.id }, { tx });
    return created;
  });
}
