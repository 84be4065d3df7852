import { checkImage, photoContentTypes, type PhotoContentType } from "../fetch/check-image";
import { PhotoRefusal } from "../fetch/photo-fetch-reason";
import { saveBody } from "../fetch/save-body";
import type { TourImageRef, TourProvider } from "./tour-provider";

/** Tour imagery is high-resolution; the same 100-megapixel decode limit as photos applies. */
export const maxTourImageBytes = 50 * 1024 * 1024;

export interface TourImageFile {
  path: string;
  size: number;
  sha256: string;
  contentType: PhotoContentType;
  width: number;
  height: number;
  dispose: () => Promise<void>;
}

/** An image the provider served that is not usable imagery; the import skips it and goes on. */
export class UnusableTourImage extends Error {}

function isPhotoContentType(value: string): value is PhotoContentType {
  return (photoContentTypes as readonly string[]).includes(value);
}

/**
 * Downloads one tour image to a private temp file and proves it decodes as the type it was
 * served as, with the photo checks (lib/fetch): bytes streamed to disk, never held whole.
 * Bad bytes are `UnusableTourImage`; a broken connection is the provider's `unavailable`.
 */
export async function downloadTourImage(provider: TourProvider, image: TourImageRef, tempDir: string): Promise<TourImageFile> {
  const opened = await provider.openImage(image);
  if (!isPhotoContentType(opened.contentType)) {
    opened.body.destroy();
    throw new UnusableTourImage(`image ${image.id} is ${opened.contentType || "untyped"}`);
  }
  let saved;
  try {
    saved = await saveBody(opened.body, tempDir, maxTourImageBytes);
  } catch (error) {
    if (error instanceof PhotoRefusal && error.reason === "too_large") throw new UnusableTourImage(`image ${image.id} is too large`);
    throw error;
  }
  try {
    const { width, height } = await checkImage(saved.path, opened.contentType);
    return { ...saved, contentType: opened.contentType, width, height };
  } catch (error) {
    await saved.dispose();
    if (error instanceof PhotoRefusal) throw new UnusableTourImage(`image ${image.id}: ${error.message}`);
    throw error;
  }
}
