import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { PhotoRefusal } from "./photo-fetch-reason";

export const photoContentTypes = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

/** Spec: "decode fully within 100 megapixels". */
export const maxPhotoPixels = 100_000_000;

const sharpFormats: Record<PhotoContentType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

function mismatch(detail: string): never {
  throw new PhotoRefusal("content_mismatch", detail);
}

/**
 * Proves the file is a usable image of the declared type: its magic bytes name that type,
 * its header gives dimensions within the pixel limit, and every pixel decodes (`stats()` reads
 * the whole image; `failOn: "error"` turns truncation and corrupt data into a refusal).
 */
export async function checkImage(file: string, contentType: PhotoContentType): Promise<{ width: number; height: number }> {
  const sniffed = await fileTypeFromFile(file);
  if (sniffed?.mime !== contentType) mismatch(`bytes are ${sniffed?.mime ?? "unknown"}`);
  const input = { limitInputPixels: maxPhotoPixels, failOn: "error" } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    const metadata = await sharp(file, input).metadata();
    if (metadata.format !== sharpFormats[contentType]) mismatch(`decoder reads ${metadata.format}`);
    ({ width, height } = metadata);
  } catch (error) {
    if (error instanceof PhotoRefusal) throw error;
    mismatch((error as Error).message);
  }
  // Checked from the header before decoding so a huge image costs nothing to refuse.
  if (!width || !height || width * height > maxPhotoPixels) mismatch(`${width}x${height} pixels`);
  try {
    await sharp(file, input).stats();
  } catch (error) {
    mismatch((error as Error).message);
  }
  return { width, height };
}
