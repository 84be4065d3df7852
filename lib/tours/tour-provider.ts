import type { Readable } from "node:stream";

/** One image of a tour as the provider lists it; `id` is stable across calls for the same model. */
export interface TourImageRef {
  id: string;
  url: string;
}

export interface TourImageBody {
  contentType: string;
  body: Readable;
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

/**
 * What the tour import needs from the virtual-tour provider: the images of one model, and
 * each image's bytes. Production uses the GraphQL client (`graphql-tour-provider.ts`); tests
 * point it at a local fake provider. Checking the bytes is the import's job, not the provider's.
 */
export interface TourProvider {
  listImages(modelId: string): Promise<TourImageRef[]>;
  openImage(image: TourImageRef): Promise<TourImageBody>;
}
