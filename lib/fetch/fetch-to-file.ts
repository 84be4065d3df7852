import type { IncomingMessage } from "node:http";
import { requestChecked, withDeadline } from "./checked-request";
import type { FetchOptions } from "./fetch-options";
import { type FetchReason, FetchRefusal } from "./fetch-refusal";
import { saveBody, type SavedBody } from "./save-body";

/** What one kind of download allows; the network rules themselves are the same for all. */
export interface FileFetchLimits<T extends string = string> {
  maxUrlLength: number;
  maxRedirects: number;
  /** DNS, connecting, every redirect and the body together. */
  deadlineMs: number;
  /** Inclusive; a larger declared `Content-Length` is refused before reading, a longer body as it passes. */
  maxBytes: number;
  /** The declared `Content-Type` (parameters aside) must be one of these; also the `Accept` header. */
  contentTypes: readonly T[];
  userAgent: string;
}

/** The body, unchecked beyond its declared type and size, in a private temp file; call `dispose()`. */
export interface FetchedFile<T extends string = string> extends SavedBody {
  ok: true;
  contentType: T;
}

export type FetchFileResult<T extends string = string> = FetchedFile<T> | { ok: false; reason: FetchReason; status?: number };

function declaredType<T extends string>(response: IncomingMessage, limits: FileFetchLimits<T>): T {
  const declared = (response.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase();
  const known = limits.contentTypes.find((type) => type === declared);
  if (!known) throw new FetchRefusal("unsupported_content_type", declared);
  return known;
}

async function acceptBody<T extends string>(response: IncomingMessage, limits: FileFetchLimits<T>, options: FetchOptions) {
  const status = response.statusCode ?? 0;
  if (status !== 200) throw new FetchRefusal("http_status", String(status), status);
  const contentType = declaredType(response, limits);
  const declared = Number(response.headers["content-length"]);
  // A body that announces more than the limit is refused before a byte of it is read.
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw new FetchRefusal("too_large", `${declared} bytes`);
  return { contentType, ...(await saveBody(response, options.tempDir, limits.maxBytes)) };
}

/**
 * GETs a URL someone else chose through the checked core (`requestChecked`: URL rules, every
 * address public, pinned connection, each redirect checked) and streams a 200's body to a
 * private temp file while counting and hashing it, under `limits`. Never throws: a refusal is
 * `{ ok: false, reason }` (with `status` on `http_status`).
 */
export async function fetchToFile<T extends string>(
  url: string,
  limits: FileFetchLimits<T>,
  options: FetchOptions,
): Promise<FetchFileResult<T>> {
  const headers = {
    "user-agent": limits.userAgent,
    accept: limits.contentTypes.join(", "),
    // Bytes are counted as they arrive; a compressed body would hide its real size.
    "accept-encoding": "identity",
  };
  try {
    const body = await withDeadline(limits.deadlineMs, async (signal) => {
      const request = {
        method: "GET" as const,
        headers,
        urlRules: { maxLength: limits.maxUrlLength },
        maxRedirects: limits.maxRedirects,
        signal,
      };
      const { response } = await requestChecked(url, request, options);
      try {
        return await acceptBody(response, limits, options);
      } finally {
        response.destroy();
      }
    });
    return { ok: true, ...body };
  } catch (error) {
    if (error instanceof FetchRefusal)
      return { ok: false, reason: error.reason, ...(error.status !== undefined && { status: error.status }) };
    return { ok: false, reason: "fetch_failed" };
  }
}
