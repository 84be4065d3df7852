import "server-only";
import { ApiError } from "../errors/api-error";
import { parseAllowlistEntry } from "../partners/allowlist-entry";

/*
 * A task's `return_url` (spec, Recording links and inspections): where the recording app sends the
 * cleaner back once the walkthrough is sealed. It must be well formed and on the partner's
 * allowlist of app schemes (`myapp://`) and exact web origins (`https://host[:port]`).
 */

export const maxReturnUrlLength = 2048;

/** The parts a browser would act on; only what the checks and the final redirect need. */
export interface ReturnUrlParts {
  scheme: string;
  host: string;
  port?: number;
}

function malformed(why: string): ApiError {
  return new ApiError("invalid_request", {
    message: `return_url is malformed: ${why}.`,
    detail: { parameter: "return_url", reason: "malformed" },
  });
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const unsafeCharacter = /[\s\\\u0000-\u001f\u007f-\u009f]/u;
const hostCharacters = /^[A-Za-z0-9._~-]+$/;

/** Checks the spec's `malformed` rules; returns scheme, host and port, or throws the 400. */
export function parseReturnUrl(text: string): ReturnUrlParts {
  if (text.length > maxReturnUrlLength) throw malformed(`longer than ${maxReturnUrlLength} characters`);
  if (unsafeCharacter.test(text)) throw malformed("it contains a space, a control character or a backslash");
  const start = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (!start) throw malformed("it is not an absolute scheme://host/path URL");
  const rest = text.slice(start[0].length);
  const authority = rest.split(/[/?#]/, 1)[0] ?? "";
  if (authority.includes("@")) throw malformed("it carries a user@ part");
  const portAt = authority.lastIndexOf(":");
  const host = portAt === -1 ? authority : authority.slice(0, portAt);
  const portText = portAt === -1 ? undefined : authority.slice(portAt + 1);
  if (host === "") throw malformed(portText === undefined ? "it has no host" : "it has a port but no host");
  if (!hostCharacters.test(host)) throw malformed("its host has characters other than letters, digits and . _ ~ -");
  let port: number | undefined;
  if (portText !== undefined) {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
      throw malformed("its port is not a number from 1 to 65535");
    }
    port = Number(portText);
  }
  return { scheme: start[1]!.toLowerCase(), host: host.toLowerCase(), port };
}

const defaultPorts: Readonly<Record<string, number>> = { http: 80, https: 443 };

/** Whether one stored (normalised) allowlist entry admits the URL. */
function admits(entry: string, url: ReturnUrlParts): boolean {
  const parsed = parseAllowlistEntry(entry);
  if (parsed.kind === "scheme") return parsed.scheme === url.scheme;
  const port = url.port === undefined || url.port === defaultPorts[url.scheme] ? "" : `:${url.port}`;
  return parsed.origin === `${url.scheme}://${url.host}${port}`;
}

/** `400 invalid_request` (`reason: not_allowed`) unless an entry of the allowlist admits the URL. */
export function assertReturnUrlAllowed(url: ReturnUrlParts, allowlist: readonly string[]): void {
  if (allowlist.some((entry) => admits(entry, url))) return;
  throw new ApiError("invalid_request", {
    message: "return_url is not on the integration's allowlist of app schemes and web origins.",
    detail: { parameter: "return_url", reason: "not_allowed" },
  });
}

/**
 * Where the recording app navigates once sealed: the partner's URL with `inspection_id` and
 * `status=submitted` added to its query, its own query and fragment kept as sent. Done on the
 * text, not with `URL`, which would rewrite an app scheme's URL.
 */
export function returnUrlWithResult(returnUrl: string, inspectionId: string): string {
  const hashAt = returnUrl.indexOf("#");
  const beforeHash = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : returnUrl.slice(hashAt);
  const added = `inspection_id=${encodeURIComponent(inspectionId)}&status=submitted`;
  const joiner = !beforeHash.includes("?") ? "?" : beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&";
  return `${beforeHash}${joiner}${added}${fragment}`;
}
