import "server-only";
import { checkImage, photoContentTypes, type PhotoContentType } from "../fetch/check-image";
import { type FetchReason, FetchRefusal } from "../fetch/fetch-refusal";
import type { FileFetchLimits } from "../fetch/fetch-to-file";
import { providerStatusFailure, TourProviderError, type TourImageRef, type TourProvider } from "./tour-provider";

/** Tour imagery is high-resolution; the same 100-megapixel decode limit as photos applies. */
export const maxTourImageBytes = 50 * 1024 * 1024;

/**
 * How one tour image is downloaded (lib/fetch): the photo's network rules with room for
 * tour imagery. Signed CDN URLs can be long, hence 8,192 characters rather than a photo's 2,048.
 */
export const tourImageLimits: FileFetchLimits<PhotoContentType> = {
  maxUrlLength: 8_192,
  maxRedirects: 3,
  deadlineMs: 60_000,
  maxBytes: maxTourImageBytes,
  contentTypes: photoContentTypes,
  userAgent: "Walkthrough-Tour-Fetcher/1",
};

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

/**
 * What a refused download means for the import. The bytes' own faults make the image unusable
 * (skipped). A URL the fetch rules refuse (not https on the default port, credentials, a private
 * address, a redirect to one, too many redirects) is the provider's `refused`: skipped like an
 * image that is not https always was, never fetched. A 4xx is the provider's answer about that
 * image (skipped); network trouble, timeouts, 408, 429 and 5xx are passing (the job retries);
 * a failure on our side throws as it is (the job retries).
 */
function refusal(image: TourImageRef, reason: FetchReason, status?: number): Error {
  const what = `image ${image.id}`;
  switch (reason) {
    case "unsupported_content_type":
    case "content_mismatch":
    case "too_large":
      return new UnusableTourImage(`${what}: ${reason}`);
    case "invalid_url":
    case "private_address":
    case "too_many_redirects":
      return new TourProviderError("refused", `${what}: the fetch rules refuse its URL (${reason})`);
    case "http_status":
      return providerStatusFailure(status ?? 0, what);
    case "dns_failed":
    case "connect_failed":
    case "timeout":
      return new TourProviderError("unavailable", `${what}: ${reason}`);
    case "fetch_failed":
      return new Error(`${what}: could not be spooled to disk`);
  }
}

/**
 * Downloads one tour image to a private temp file (lib/fetch's checked core, through the
 * provider) and proves it decodes as the type it was served as, with the photo checks.
 * Bad bytes are `UnusableTourImage`; other refusals are mapped by `refusal` above.
 */
export async function downloadTourImage(provider: TourProvider, image: TourImageRef, tempDir: string): Promise<TourImageFile> {
  const fetched = await provider.downloadImage(image, tempDir);
  if (!fetched.ok) throw refusal(image, fetched.reason, fetched.status);
  try {
    const { width, height } = await checkImage(fetched.path, fetched.contentType);
    return {
      path: fetched.path,
      size: fetched.size,
      sha256: fetched.sha256,
      dispose: fetched.dispose,
      contentType: fetched.contentType,
      width,
      height,
    };
  } catch (error) {
    await fetched.dispose();
    if (error instanceof FetchRefusal) throw new UnusableTourImage(`image ${image.id}: ${error.message}`);
    throw error;
  }
}
