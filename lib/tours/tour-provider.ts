import "server-only";
import type { PhotoContentType } from "../fetch/check-image";
import type { FetchFileResult } from "../fetch/fetch-to-file";

/** One image of a tour as the provider lists it; `id` is stable across calls for the same model. */
export interface TourImageRef {
  id: string;
  url: string;
}

/**
 * Why the provider could not serve a request. `not_found` and `refused` are answers about the
 * tour or our account and end the import as failed; `unavailable` is passing trouble (network,
 * 5xx, timeout) and the job tries again.
 */
export type TourProviderFailure = "not_found" | "refused" | "unavailable";

export class TourProviderError extends Error {
  constructor(
    readonly failure: TourProviderFailure,
    message: string,
  ) {
    super(message);
  }

  get permanent(): boolean {
    return this.failure !== "unavailable";
  }
}

/** What an HTTP status from the provider (its API or its image host) says about the request. */
export function providerStatusFailure(status: number, what: string): TourProviderError {
  if (status === 401 || status === 403)
    return new TourProviderError("refused", `${what}: the provider refused our credentials (${status})`);
  if (status === 404) return new TourProviderError("not_found", `${what}: not found (404)`);
  if (status === 408 || status === 429 || status >= 500) return new TourProviderError("unavailable", `${what}: HTTP ${status}`);
  return new TourProviderError("refused", `${what}: HTTP ${status}`);
}

/**
 * What the tour import needs from the virtual-tour provider: the images of one model, and
 * each image's bytes in a private temp file under `tempDir`. Production uses the GraphQL client
 * (`graphql-tour-provider.ts`), which downloads through lib/fetch's checked core; tests point it
 * at a local fake provider. A download answers the fetcher's refusal (`ok: false`) rather than
 * throwing; checking that the bytes are an image is the import's job, not the provider's.
 */
export interface TourProvider {
  listImages(modelId: string): Promise<TourImageRef[]>;
  downloadImage(image: TourImageRef, tempDir: string): Promise<FetchFileResult<PhotoContentType>>;
}
