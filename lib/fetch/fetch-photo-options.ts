import { defaultFetchOptions, type FetchOptions } from "./fetch-options";

export type { ConnectTarget } from "./fetch-options";

/** The photo fetcher's options: the network ones and the photo's deadline, which tests shorten. */
export interface FetchPhotoOptions extends FetchOptions {
  /** The whole photo, redirects and body included (spec: 20 seconds per photo). */
  deadlineMs: number;
}

export function defaultFetchPhotoOptions(): FetchPhotoOptions {
  return { ...defaultFetchOptions(), deadlineMs: 20_000 };
}
