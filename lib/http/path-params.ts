import { ApiError } from "../errors/api-error";

/**
 * Reads `{name}` segments from the raw request path and percent-decodes each exactly once
 * (spec, Conventions: ids survive as one path segment). Taken from the raw URL rather than
 * the router so that an encoded `/`, `?` or `%` inside an id means what the caller sent.
 */
export function pathParams(pattern: string, url: string): Record<string, string> {
  const rawPath = new URL(url).pathname;
  const patternParts = pattern.split("/");
  const rawParts = rawPath.split("/");
  const params: Record<string, string> = {};
  patternParts.forEach((part, position) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (!name) return;
    const raw = rawParts[position] ?? "";
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      throw new ApiError("invalid_request", {
        message: `${name} is not a validly percent-encoded path segment.`,
        detail: { parameter: name },
      });
    }
  });
  return params;
}

/** Query parameters as an object; a repeated parameter keeps its first value. */
export function queryParams(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) {
    if (!(key in out)) out[key] = value;
  }
  return out;
}
