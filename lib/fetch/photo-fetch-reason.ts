/**
 * The `reason` values of the spec's Baseline photo import table that the fetcher can give.
 * `upload_failed` is missing on purpose: storing the bytes is the caller's step, not this one.
 */
export type PhotoFetchReason =
  | "invalid_url"
  | "dns_failed"
  | "private_address"
  | "connect_failed"
  | "too_many_redirects"
  | "http_status"
  | "unsupported_content_type"
  | "content_mismatch"
  | "too_large"
  | "timeout"
  | "fetch_failed";

/** Thrown inside the fetcher to leave at the first refusal; never escapes `fetchPhoto`. */
export class PhotoRefusal extends Error {
  constructor(
    readonly reason: PhotoFetchReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}
