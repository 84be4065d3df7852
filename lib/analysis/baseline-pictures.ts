import "server-only";
import { db } from "../db/client";
import type { MediaStorage } from "../media/storage";
import { differenceHash, hammingDistance, sameAreaMaxDistance } from "./dhash";

/** A picture of the home from before this walkthrough, with its difference hash. */
export interface BaselinePicture {
  key: string;
  dhash: bigint;
}

/** A small object's bytes (a picture), or undefined when it is gone. */
export async function readMedia(storage: MediaStorage, key: string): Promise<Buffer | undefined> {
  const object = await storage.get(key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What a finding's "before" and a checklist item's references are chosen from: the home's
 * baseline photos, the images of the tour in use, and the stills of its previous walkthrough.
 * A baseline picture's hash is computed once and kept on its row; a previous still's on the fly.
 */
export async function baselinePictures(
  storage: MediaStorage,
  propertyId: string,
  inspectionId: string,
): Promise<BaselinePicture[]> {
  const photos = await db().baselinePhoto.findMany({
    where: { propertyId },
    select: { id: true, storageKey: true, dhash: true },
  });
  const tour = await db().homeTour.findUnique({ where: { propertyId }, select: { inUseImportId: true } });
  const tourImages = tour?.inUseImportId
    ? await db().tourImage.findMany({
        where: { importId: tour.inUseImportId },
        select: { id: true, storageKey: true, dhash: true },
      })
    : [];
  const previous = await db().inspection.findFirst({
    where: { propertyId, id: { not: inspectionId }, sealedAt: { not: null } },
    orderBy: { sealedAt: "desc" },
    select: { items: { where: { stillKey: { not: null } }, select: { stillKey: true } } },
  });

  const pictures: BaselinePicture[] = [];
  const hashOf = async (key: string) => {
    const bytes = await readMedia(storage, key);
    return bytes ? differenceHash(bytes) : undefined;
  };
  for (const photo of photos) {
    const dhash = photo.dhash ?? (await hashOf(photo.storageKey));
    if (dhash === undefined) continue;
    if (photo.dhash === null) await db().baselinePhoto.update({ where: { id: photo.id }, data: { dhash } });
    pictures.push({ key: photo.storageKey, dhash });
  }
  for (const image of tourImages) {
    const dhash = image.dhash ?? (await hashOf(image.storageKey));
    if (dhash === undefined) continue;
    if (image.dhash === null) await db().tourImage.update({ where: { id: image.id }, data: { dhash } });
    pictures.push({ key: image.storageKey, dhash });
  }
  for (const item of previous?.items ?? []) {
    const dhash = await hashOf(item.stillKey!);
    if (dhash !== undefined) pictures.push({ key: item.stillKey!, dhash });
  }
  return pictures;
}

/** The pictures of the same area as `dhash`, nearest first, at most `count`. */
export function nearestPictures(pictures: BaselinePicture[], dhash: bigint, count: number): BaselinePicture[] {
  return pictures
    .map((picture) => ({ picture, distance: hammingDistance(picture.dhash, dhash) }))
    .filter((candidate) => candidate.distance <= sameAreaMaxDistance)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map((candidate) => candidate.picture);
}
