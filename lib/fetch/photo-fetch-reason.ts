import type { FetchReason } from "./fetch-refusal";

/**
 * The `reason` values of the spec's Baseline photo import table that the photo fetcher can give.
 * `upload_failed` is missing on purpose: storing the bytes is the caller's step, not this one.
 */
export type PhotoFetchReason = FetchReason;
