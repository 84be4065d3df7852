import { checkImage, photoContentTypes, type PhotoContentType } from "./check-image";
import { defaultFetchPhotoOptions, type FetchPhotoOptions } from "./fetch-photo-options";
import { FetchRefusal } from "./fetch-refusal";
import { fetchToFile, type FileFetchLimits } from "./fetch-to-file";
import type { PhotoFetchReason } from "./photo-fetch-reason";
import { maxPhotoBytes } from "./photo-limits";
import { maxPhotoUrlLength } from "./photo-url";

export { maxPhotoBytes };
export const maxRedirects = 3;

/** The spec's Baseline photo fetch rules; the deadline comes from the options (tests shorten it). */
const photoLimits: Omit<FileFetchLimits<PhotoContentType>, "deadlineMs"> = {
  maxUrlLength: maxPhotoUrlLength,
  maxRedirects,
  maxBytes: maxPhotoBytes,
  contentTypes: photoContentTypes,
  userAgent: "Walkthrough-Photo-Fetcher/1",
};

/**
 * A fetched, checked photo spooled to a temp file. The caller streams it to storage
 * (`fs.createReadStream(path)`) and must call `dispose()` afterwards, stored or not.
 */
export interface FetchedPhoto {
  ok: true;
  contentType: PhotoContentType;
  path: string;
  size: number;
  width: number;
  height: number;
  /** Hex SHA-256 of the bytes, for content-addressed storage and duplicate detection. */
  sha256: string;
  dispose: () => Promise<void>;
}

export type FetchPhotoResult = FetchedPhoto | { ok: false; reason: PhotoFetchReason };

/**
 * Fetches one partner photo by the spec's Baseline photo rules, refusing with exactly one
 * `reason`. Never throws. The deadline covers resolving, connecting, redirects and the body;
 * decoding afterwards is local work bounded by the byte and pixel limits and the decode budget.
 */
export async function fetchPhoto(
  url: string,
  options: FetchPhotoOptions = defaultFetchPhotoOptions(),
): Promise<FetchPhotoResult> {
  const body = await fetchToFile(url, { ...photoLimits, deadlineMs: options.deadlineMs }, options);
  if (!body.ok) return { ok: false, reason: body.reason };
  try {
    const { width, height } = await checkImage(body.path, body.contentType);
    return { ...body, width, height };
  } catch (error) {
    await body.dispose();
    return { ok: false, reason: error instanceof FetchRefusal ? error.reason : "fetch_failed" };
  }
}
