import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { decodeBudget } from "./decode-budget";
import { FetchRefusal } from "./fetch-refusal";

export const photoContentTypes = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof photoContentTypes)[number];

/** Spec: "decode fully within 100 megapixels". */
export const maxPhotoPixels = 100_000_000;

/**
 * sharp's `timeout` on the full-decode check. libvips checks it as pixels come out, so a
 * progressive JPEG or interlaced PNG first buffers all of its data (bounded by the byte limit)
 * and is stopped only then. Legitimate 100 MP images decode in about 2 s here; 25 photos at
 * 20 s of fetching and 15 s of decoding each still fit the import job's 15 minutes.
 */
export const decodeTimeoutSeconds = 15;

const sharpFormats: Record<PhotoContentType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

// libvips' operation cache (50 MB by default) only pays off when one image is processed again;
// every photo here is decoded once, so in a long-running worker it just holds ~35-45 MB of RSS
// (measured over 50 decodes of 6 MB, 12 MP JPEGs: 136-151 MB after, 92-119 MB without; no
// slowdown). Process-wide, as sharp's settings are. Concurrency keeps sharp's default: 1 thread
// per image on glibc without jemalloc, to limit fragmentation.
sharp.cache(false);

function mismatch(detail: string): never {
  throw new FetchRefusal("content_mismatch", detail);
}

/**
 * Decodes every byte of the image and keeps almost nothing: shrink-on-load by 8 (JPEG's DCT
 * scaling, WebP's scaled decode; PNG has none and is read row by row) still entropy-decodes and
 * reconstructs all of the data, so truncation and corruption fail exactly as a full decode does
 * (measured over truncated and bit-flipped JPEG, progressive JPEG, lossy and lossless WebP, PNG and
 * interlaced PNG), while the output is 1/64 of the pixels. The old check streamed the raw
 * full-size output, which sharp first builds whole in memory: 100 MP WebP took 841 MiB, now 89.
 * `stats()` was measured too and rejected: it misses corrupt interlaced PNGs.
 */
async function decodeEveryByte(file: string, width: number, height: number, timeoutSeconds: number): Promise<void> {
  await sharp(file, { limitInputPixels: maxPhotoPixels, failOn: "error", sequentialRead: true })
    .resize(Math.ceil(width / 8), Math.ceil(height / 8), { fit: "fill", kernel: "nearest", fastShrinkOnLoad: true })
    .timeout({ seconds: timeoutSeconds })
    .raw()
    .toBuffer();
}

/**
 * Proves the file is a usable image of the declared type: its magic bytes name that type,
 * its header gives dimensions within the pixel limit, and every byte decodes (`failOn: "error"`
 * turns truncation and corrupt data into a refusal) within the time budget. The decode waits
 * for its pixels in the process's decode budget (decode-budget.ts), shared by photos and tours.
 */
export async function checkImage(
  file: string,
  contentType: PhotoContentType,
  budget: { timeoutSeconds?: number } = {},
): Promise<{ width: number; height: number }> {
  const sniffed = await fileTypeFromFile(file);
  if (sniffed?.mime !== contentType) mismatch(`bytes are ${sniffed?.mime ?? "unknown"}`);
  let width: number | undefined;
  let height: number | undefined;
  try {
    const metadata = await sharp(file, { limitInputPixels: maxPhotoPixels, failOn: "error" }).metadata();
    if (metadata.format !== sharpFormats[contentType]) mismatch(`decoder reads ${metadata.format}`);
    ({ width, height } = metadata);
  } catch (error) {
    if (error instanceof FetchRefusal) throw error;
    mismatch((error as Error).message);
  }
  // Checked from the header before decoding so a huge image costs nothing to refuse.
  if (!width || !height || width * height > maxPhotoPixels) mismatch(`${width}x${height} pixels`);
  const [w, h] = [width, height];
  try {
    await decodeBudget().run(w * h, () => decodeEveryByte(file, w, h, budget.timeoutSeconds ?? decodeTimeoutSeconds));
  } catch (error) {
    // A decode stopped by the timeout is not a usable image within our limits either.
    mismatch((error as Error).message);
  }
  return { width: w, height: h };
}
