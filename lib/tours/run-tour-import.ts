import "server-only";
import { createReadStream } from "node:fs";
import { db } from "../db/client";
import type { TourImport } from "../generated/prisma/client";
import { log } from "../log";
import { lockHome } from "../properties/home-imports";
import { type TourImportDeps, defaultTourImportDeps } from "./tour-import-deps";
import { downloadTourImage, UnusableTourImage } from "./tour-image-file";
import { TourProviderError, type TourImageRef } from "./tour-provider";
import { deleteTourImagery, tourImagePrefix } from "./tour-storage";

/** A tour with more images than this is imported from its first ones. */
export const maxTourImages = 200;

const noImagery = "The provider listed no usable images for this tour.";

/**
 * Ends a running import, under the home's row lock (taken first, as the PUT and DELETE take it,
 * so they never deadlock) and then the import's. With imagery and no `failure` it becomes the
 * tour in use and the imagery of the tour it replaces is deleted (spec: a different tour
 * replaces the imported one once the new import succeeds); otherwise it fails and keeps
 * nothing, and the tour in use stays.
 */
async function finishTourImport(
  run: Pick<TourImport, "id" | "propertyId">,
  deps: TourImportDeps,
  failure?: string,
): Promise<void> {
  const discard = await db().$transaction(async (tx) => {
    await lockHome(tx, run.propertyId);
    const locked = await tx.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM tour_import WHERE id = ${run.id}::uuid FOR UPDATE`;
    if (locked[0]?.state !== "importing") return [];
    const images = await tx.tourImage.count({ where: { importId: run.id } });
    const error = failure ?? (images === 0 ? noImagery : undefined);
    if (error !== undefined) {
      await tx.tourImage.deleteMany({ where: { importId: run.id } });
      await tx.tourImport.update({ where: { id: run.id }, data: { state: "failed", error, finishedAt: new Date() } });
      return [run.id];
    }
    await tx.tourImport.update({ where: { id: run.id }, data: { state: "imported", finishedAt: new Date() } });
    const home = await tx.homeTour.findUnique({ where: { propertyId: run.propertyId } });
    const replaced = home?.inUseImportId && home.inUseImportId !== run.id ? home.inUseImportId : undefined;
    await tx.homeTour.update({ where: { propertyId: run.propertyId }, data: { inUseImportId: run.id } });
    if (replaced === undefined) return [];
    await tx.tourImage.deleteMany({ where: { importId: replaced } });
    return [replaced];
  });
  await deleteTourImagery(deps.storage, run.propertyId, discard);
}

/**
 * Records one stored image under the import's row lock. When the import has ended meanwhile
 * without keeping imagery (the tour was removed, or it was given up), the import's bytes are
 * deleted again, since that may have cleared storage before this upload landed. An import that
 * another attempt already finished as `imported` keeps everything: this upload's key is one of
 * its images (same image, same bytes). Answers false when the import has ended.
 */
async function recordImage(
  run: TourImport,
  image: TourImageRef,
  file: { sha256: string; contentType: string; size: number; width: number; height: number },
  storageKey: string,
  deps: TourImportDeps,
): Promise<boolean> {
  const recorded = await db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM tour_import WHERE id = ${run.id}::uuid FOR UPDATE`;
    const state = locked[0]?.state;
    if (state !== "importing") return state === "imported" ? "kept" : "discard";
    await tx.tourImage.createMany({
      data: [{ importId: run.id, providerImageId: image.id, storageKey, ...file }],
      skipDuplicates: true,
    });
    return "recorded";
  });
  if (recorded === "discard") await deleteTourImagery(deps.storage, run.propertyId, [run.id]);
  return recorded === "recorded";
}

/**
 * Downloads, checks, stores and records one image. `skipped`: the image is unusable and nothing
 * was recorded; `ended`: the import ended meanwhile (removed or given up).
 */
async function importTourImage(
  run: TourImport,
  image: TourImageRef,
  deps: TourImportDeps,
): Promise<"recorded" | "skipped" | "ended"> {
  let file;
  try {
    file = await downloadTourImage(deps.provider, image, deps.tempDir);
  } catch (error) {
    const skip = error instanceof UnusableTourImage || (error instanceof TourProviderError && error.permanent);
    if (!skip) throw error;
    log().warn({ importId: run.id, imageId: image.id, reason: error.message }, "tour image skipped");
    return "skipped";
  }
  try {
    const put = await deps.storage.putContentAddressed(createReadStream(file.path), {
      contentType: file.contentType,
      // Hashed while it was downloaded: S3 can then stream straight to its key, no copy.
      sha256: file.sha256,
      prefix: tourImagePrefix(run.propertyId, run.id),
    });
    const { sha256, contentType, size, width, height } = file;
    return (await recordImage(run, image, { sha256, contentType, size, width, height }, put.key, deps)) ? "recorded" : "ended";
  } finally {
    await file.dispose();
  }
}

export interface TourImportSlice {
  /** Asked between images: true when this attempt should stop and let a fresh job continue. */
  shouldPause?: () => boolean;
  /** Images an earlier attempt of this import found unusable; they are not recorded anywhere else. */
  skippedImageIds?: readonly string[];
}

export type TourImportProgress = { state: "ended" } | { state: "paused"; skippedImageIds: string[] };

/**
 * The tour import job: list the model's images, then each one not yet recorded, so an attempt
 * after a crash, or the job that continues a paused one, resumes where the last one stopped (the
 * listing is asked again: the provider's image URLs are short-lived). The provider refusing the
 * tour ends it as failed at once; passing trouble throws, and the job is tried again. Answers
 * `paused` with every image found unusable so far when it stopped between images because
 * `shouldPause` said so (never before its first image, so every attempt makes progress).
 */
export async function runTourImport(
  importId: string,
  deps: TourImportDeps = defaultTourImportDeps(),
  slice: TourImportSlice = {},
): Promise<TourImportProgress> {
  const ended = { state: "ended" } as const;
  const run = await db().tourImport.findUnique({
    where: { id: importId },
    include: { images: { select: { providerImageId: true } } },
  });
  if (!run || run.state !== "importing") return ended;
  let images: TourImageRef[];
  try {
    images = (await deps.provider.listImages(run.modelId)).slice(0, maxTourImages);
  } catch (error) {
    if (error instanceof TourProviderError && error.permanent) {
      await finishTourImport(run, deps, error.message);
      return ended;
    }
    throw error;
  }
  const done = new Set(run.images.map((image) => image.providerImageId));
  const skipped = new Set(slice.skippedImageIds);
  let started = false;
  for (const image of images) {
    if (done.has(image.id) || skipped.has(image.id)) continue;
    if (started && slice.shouldPause?.()) return { state: "paused", skippedImageIds: [...skipped] };
    started = true;
    const outcome = await importTourImage(run, image, deps);
    if (outcome === "ended") return ended;
    if (outcome === "skipped") skipped.add(image.id);
  }
  await finishTourImport(run, deps);
  return ended;
}

/** After the last retry failed: the tour sent reads `failed`, and the tour in use stays. */
export async function giveUpTourImport(importId: string, deps: TourImportDeps = defaultTourImportDeps()): Promise<void> {
  const run = await db().tourImport.findUnique({ where: { id: importId }, select: { id: true, propertyId: true } });
  if (run) await finishTourImport(run, deps, "The provider could not be reached. Sending the tour again is safe.");
}
