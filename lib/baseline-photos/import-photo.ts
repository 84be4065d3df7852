import "server-only";
import { createReadStream } from "node:fs";
import { db } from "../db/client";
import { fetchPhoto, type FetchedPhoto } from "../fetch/fetch-photo";
import { defaultFetchPhotoOptions, type FetchPhotoOptions } from "../fetch/fetch-photo-options";
import type { PhotoImportOrigin, PhotoOutcome } from "../generated/prisma/client";
import { mediaStorage } from "../media/media-storage";
import type { MediaStorage } from "../media/storage";
import type { PhotoImportReason } from "./schemas";
import { loadStagedPhoto } from "./staged-upload";

/** What an import needs from outside; production passes `defaultPhotoImportDeps()` unchanged. */
export interface PhotoImportDeps {
  fetchOptions: FetchPhotoOptions;
  storage: MediaStorage;
}

export function defaultPhotoImportDeps(): PhotoImportDeps {
  return { fetchOptions: defaultFetchPhotoOptions(), storage: mediaStorage() };
}

export interface PhotoTarget {
  importId: string;
  propertyId: string;
  index: number;
  /** The partner's URL, or for a manager's upload the storage key its file was staged under. */
  url: string;
  /** Default `partner`. */
  origin?: PhotoImportOrigin;
}

/** `baseline_photo.source`: what added the photo. */
const baselinePhotoSources: Record<PhotoImportOrigin, string> = { partner: "partner_import", manager: "manager_upload" };

function storagePrefix(propertyId: string): string {
  // Per home, so removing one home's photo never touches another home's bytes.
  return `baseline-photos/${propertyId}`;
}

async function fetchSafely(url: string, options: FetchPhotoOptions) {
  try {
    return await fetchPhoto(url, options);
  } catch {
    // fetchPhoto never throws by contract; anything that does is ours (spec: fetch_failed).
    return { ok: false as const, reason: "fetch_failed" as const };
  }
}

async function store(photo: FetchedPhoto, target: PhotoTarget, storage: MediaStorage) {
  try {
    const put = await storage.putContentAddressed(createReadStream(photo.path), {
      contentType: photo.contentType,
      // Hashed while it was downloaded: S3 can then stream straight to its key, no copy.
      sha256: photo.sha256,
      prefix: storagePrefix(target.propertyId),
    });
    return put.key;
  } catch {
    return undefined;
  }
}

/**
 * Records one photo's outcome, and the photo itself when it was fetched, in one transaction under
 * the import's row lock: a retried or overlapping attempt that already recorded this index keeps
 * the first outcome, so no photo is ever counted twice. Inserting on (property, sha256) makes the
 * same bytes a duplicate, whichever request or source brought them first.
 */
async function recordOutcome(
  target: PhotoTarget,
  photo: FetchedPhoto | undefined,
  storageKey: string | undefined,
  reason?: PhotoImportReason,
) {
  const source = baselinePhotoSources[target.origin ?? "partner"];
  return db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM photo_import WHERE id = ${target.importId}::uuid FOR UPDATE`;
    if (locked[0]?.state !== "importing") return undefined;
    const existing = await tx.photoImportPhoto.findUnique({
      where: { importId_index: { importId: target.importId, index: target.index } },
    });
    if (existing) return existing.outcome;
    let outcome: PhotoOutcome = "failed";
    if (photo && storageKey) {
      const inserted = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO baseline_photo (id, property_id, storage_key, sha256, content_type, size, width, height, source)
        VALUES (gen_random_uuid(), ${target.propertyId}::uuid, ${storageKey}, ${photo.sha256}, ${photo.contentType},
                ${photo.size}, ${photo.width}, ${photo.height}, ${source})
        ON CONFLICT (property_id, sha256) DO NOTHING
        RETURNING id`;
      outcome = inserted.length > 0 ? "stored" : "duplicate";
    }
    await tx.photoImportPhoto.create({
      data: { importId: target.importId, index: target.index, outcome, reason: outcome === "failed" ? reason : null },
    });
    return outcome;
  });
}

/**
 * Fetches (or for a manager's upload, reads back from staging), checks, stores and records one
 * photo of an import. Refusals are outcomes, not errors; only a failure to record (the database)
 * throws, so the job retries and resumes at this photo. The temp file is always disposed.
 * Answers the outcome recorded for the photo, or undefined when the import had already ended.
 */
export async function importPhoto(target: PhotoTarget, deps: PhotoImportDeps): Promise<PhotoOutcome | undefined> {
  const fetched =
    target.origin === "manager"
      ? await loadStagedPhoto(target.url, deps.storage, deps.fetchOptions.tempDir)
      : await fetchSafely(target.url, deps.fetchOptions);
  if (!fetched.ok) return recordOutcome(target, undefined, undefined, fetched.reason);
  try {
    const storageKey = await store(fetched, target, deps.storage);
    if (!storageKey) return await recordOutcome(target, undefined, undefined, "upload_failed");
    return await recordOutcome(target, fetched, storageKey);
  } finally {
    await fetched.dispose();
  }
}
