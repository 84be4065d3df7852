// A partner's return_url allowlist holds two kinds of entry (spec, Recording links and
// inspections): a custom app scheme (`myapp://`, any URL under the scheme) or a web origin with an
// exact host. Entries are normalised before they are stored, so one origin is one row and the
// return_url check can compare strings.

import "server-only";

// `scheme` is the bare name (`myapp`); `entry` is the stored spelling (`myapp://`, or the origin).
export type AllowlistEntry =
  { kind: "scheme"; scheme: string; entry: string } | { kind: "origin"; origin: string; entry: string };

export class AllowlistEntryError extends Error {}

const maxLength = 2048;
const schemeOnly = /^([a-z][a-z0-9+.-]*):\/\/$/i;
const originPattern = /^(https?):\/\/([^/?#]*)(\/?)$/i;
// What a browser opens without rewriting it (spec: letters, digits and `. _ ~ -`).
const hostPattern = /^[a-z0-9._~-]+$/;
// http:// leaves the cleaner's browser in clear text, so it is only for a partner's own machine.
const plainHttpHosts: ReadonlySet<string> = new Set(["localhost", "127.0.0.1"]);
// Schemes that are not one app's own: allowing them would allow every web page, script or app.
const refusedSchemes: ReadonlySet<string> = new Set([
  "ws",
  "wss",
  "ftp",
  "file",
  "javascript",
  "vbscript",
  "data",
  "blob",
  "about",
  "filesystem",
  "view-source",
  "intent",
]);

function refuse(reason: string): never {
  throw new AllowlistEntryError(reason);
}

/** The lowercased scheme, if it can name one app. */
function appScheme(scheme: string): string {
  const lower = scheme.toLowerCase();
  if (lower === "http" || lower === "https") {
    refuse(`"${lower}://" would allow every web page; give an origin such as https://app.example.com`);
  }
  if (refusedSchemes.has(lower)) refuse(`"${lower}://" is not an app's own scheme and cannot be allowed`);
  return lower;
}

// Browsers read a host whose last label is a number as an IPv4 address in any of several
// spellings (`0x7f.1`, `2130706433`); only the canonical dotted quad means what it says.
function checkNumericHost(host: string): void {
  const last = host.split(".").at(-1) ?? "";
  if (!/^(\d+|0x[0-9a-f]*)$/.test(last)) return;
  const parts = host.split(".");
  const canonical = parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
  if (!canonical) refuse(`"${host}" is not a host name or a dotted IPv4 address`);
}

function checkHost(host: string): void {
  if (host === "") refuse("the origin has no host");
  if (host.includes("*")) refuse("wildcards are not allowed; list each exact host");
  if (!hostPattern.test(host)) {
    refuse(`the host "${host}" may hold only letters, digits and . _ ~ - (write other names in their xn-- form)`);
  }
  if (host.length > 253 || host.split(".").some((label) => label === "" || label.length > 63)) {
    refuse(`the host "${host}" is not a valid host name`);
  }
  checkNumericHost(host);
}

function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text)) refuse(`the port "${text}" is not a number from 1 to 65535`);
  const port = Number(text);
  if (port < 1 || port > 65535) refuse(`the port "${text}" is not a number from 1 to 65535`);
  return port;
}

function parseOrigin(schemeText: string, authority: string): AllowlistEntry {
  const scheme = schemeText.toLowerCase();
  if (authority.includes("@")) refuse("the origin must not carry a user name or password (user@)");
  const match = /^(.*?)(?::([^:]*))?$/.exec(authority);
  const host = (match?.[1] ?? "").toLowerCase();
  checkHost(host);
  const portText = match?.[2];
  const port = portText === undefined ? undefined : parsePort(portText);
  if (scheme === "http" && !plainHttpHosts.has(host)) {
    refuse(`http:// is allowed only for localhost and 127.0.0.1 (development); use https://${host}`);
  }
  const defaultPort = scheme === "https" ? 443 : 80;
  const origin = `${scheme}://${host}${port === undefined || port === defaultPort ? "" : `:${port}`}`;
  return { kind: "origin", origin, entry: origin };
}

function explainRefusal(text: string): never {
  const separator = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(text);
  if (!separator) refuse('an entry is an app scheme such as "myapp://" or an origin such as "https://app.example.com"');
  if (/^https?$/i.test(separator[1]!)) {
    refuse("an origin is scheme and host (and port) only: no path, query or fragment");
  }
  const scheme = appScheme(separator[1]!);
  if (!separator[2]!.startsWith("//")) refuse(`write the app scheme as "${scheme}://", with nothing after it`);
  refuse(`an app scheme entry is "${scheme}://" alone: no host or path after it`);
}

/** Reads a staff-typed allowlist entry and returns its one normalised spelling, or throws why not. */
export function parseAllowlistEntry(text: string): AllowlistEntry {
  const trimmed = text.trim();
  if (trimmed === "") refuse("the entry is empty");
  if (trimmed.length > maxLength) refuse(`the entry is longer than ${maxLength} characters`);
  if (/[\s\\\p{Cc}]/u.test(trimmed)) {
    refuse("the entry must not contain spaces, control characters or backslashes");
  }
  const schemeMatch = schemeOnly.exec(trimmed);
  if (schemeMatch) {
    const scheme = appScheme(schemeMatch[1]!);
    return { kind: "scheme", scheme, entry: `${scheme}://` };
  }
  const origin = originPattern.exec(trimmed);
  if (origin) return parseOrigin(origin[1]!, origin[2]!);
  return explainRefusal(trimmed);
}
