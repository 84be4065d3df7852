/**
 * Why an outbound fetch was refused. The values are the spec's Baseline photo import `reason`
 * table (minus `upload_failed`, which is the caller's step); tour images reuse them and map
 * them onto their own outcomes (lib/tours/tour-image-file.ts).
 */
export type FetchReason =
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

/** Thrown inside lib/fetch to leave at the first refusal; the fetchers answer it as a result. */
export class FetchRefusal extends Error {
  constructor(
    readonly reason: FetchReason,
    detail?: string,
    /** The HTTP status, on `http_status`. */
    readonly status?: number,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}
