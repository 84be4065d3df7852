import "server-only";
import { db } from "../db/client";
import { log } from "../log";
import type { MediaStorage } from "../media/storage";
import { mediaStorage } from "../media/media-storage";
import { type PhotoImportDeps, defaultPhotoImportDeps, importPhoto } from "./import-photo";
import { photoUrls } from "./photo-urls";
import { stagingPrefix } from "./staging-keys";

/**
 * A manager's staged files are only needed until their outcomes are recorded. Best effort: a
 * leftover is bytes on disk, never a wrong count, and must not make an ended import retry.
 */
async function discardStaged(importId: string, storage: MediaStorage): Promise<void> {
  try {
    await storage.deletePrefix(stagingPrefix(importId));
  } catch (error) {
    log().warn({ err: error, importId }, "staged uploads not removed");
  }
}

/**
 * Ends an import that is still running: `imported` when at least one photo was stored or a
 * duplicate, else `failed` (spec, States: Baseline photo import). Under the import's row lock,
 * so it cannot race a photo being recorded.
 */
async function finishPhotoImport(importId: string, error?: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM photo_import WHERE id = ${importId}::uuid FOR UPDATE`;
    if (locked[0]?.state !== "importing") return;
    const kept = await tx.photoImportPhoto.count({ where: { importId, outcome: { in: ["stored", "duplicate"] } } });
    await tx.photoImport.update({
      where: { id: importId },
      data: { state: kept > 0 ? "imported" : "failed", finishedAt: new Date(), error: kept > 0 ? null : error },
    });
  });
}

export interface PhotoImportSlice {
  /** Asked between photos: true when this attempt should stop and let a fresh job continue. */
  shouldPause?: () => boolean;
}

/**
 * The import job: every photo in request order, skipping those whose outcome is already
 * recorded, so an attempt after a crash, or the job that continues a paused one, resumes where
 * the last one stopped. Answers `paused` when it stopped between photos because `shouldPause`
 * said so (never before its first photo, so every attempt makes progress), else `ended`.
 */
export async function runPhotoImport(
  importId: string,
  deps: PhotoImportDeps = defaultPhotoImportDeps(),
  slice: PhotoImportSlice = {},
): Promise<"ended" | "paused"> {
  const run = await db().photoImport.findUnique({ where: { id: importId }, include: { photos: { select: { index: true } } } });
  if (!run) return "ended";
  if (run.state !== "importing") {
    if (run.origin === "manager") await discardStaged(importId, deps.storage);
    return "ended";
  }
  const done = new Set(run.photos.map((photo) => photo.index));
  let started = false;
  for (const [index, url] of photoUrls(run.urls).entries()) {
    if (done.has(index)) continue;
    if (started && slice.shouldPause?.()) return "paused";
    started = true;
    const outcome = await importPhoto({ importId, propertyId: run.propertyId, index, url, origin: run.origin }, deps);
    // The import was ended elsewhere (given up): nothing more to record.
    if (outcome === undefined) return "ended";
  }
  await finishPhotoImport(importId);
  if (run.origin === "manager") await discardStaged(importId, deps.storage);
  return "ended";
}

/**
 * After the last retry failed: every photo not yet reported is refused as `fetch_failed`, so
 * `stored + duplicates + failed` still equals `accepted`; `error` is set only when no photo had
 * been reported before (spec: "present only when the import failed before reporting on any photo").
 */
export async function giveUpPhotoImport(importId: string, storage: MediaStorage = mediaStorage()): Promise<void> {
  const outcome = await db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ state: string; urls: unknown; origin: string }[]>`
      SELECT state::text, urls, origin::text FROM photo_import WHERE id = ${importId}::uuid FOR UPDATE`;
    const row = locked[0];
    if (row === undefined) return undefined;
    if (row.state !== "importing") return { origin: row.origin, reportedBefore: undefined };
    const reported = await tx.photoImportPhoto.findMany({ where: { importId }, select: { index: true } });
    const done = new Set(reported.map((photo) => photo.index));
    const missing = photoUrls(row.urls)
      .map((_url, index) => index)
      .filter((index) => !done.has(index));
    await tx.photoImportPhoto.createMany({
      data: missing.map((index) => ({
        importId,
        index,
        outcome: "failed" as const,
        reason: row.origin === "manager" ? "upload_failed" : "fetch_failed",
      })),
    });
    return { origin: row.origin, reportedBefore: reported.length };
  });
  if (outcome?.reportedBefore !== undefined) {
    await finishPhotoImport(
      importId,
      outcome.reportedBefore === 0 ? "The import could not be processed. Resending the photos is safe." : undefined,
    );
  }
  if (outcome?.origin === "manager") await discardStaged(importId, storage);
}
