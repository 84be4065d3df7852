import type { ByteRange } from "./storage";

export type RangeRequest = { kind: "whole" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

/**
 * One `Range: bytes=...` of RFC 9110: `start-end`, `start-` and the suffix form `-length`.
 * A header we do not understand, or a list of ranges, is ignored and the whole object is
 * served, which the RFC allows; a well-formed range that starts past the end is 416.
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", range: { start, end: Math.min(end, size - 1) } };
}
