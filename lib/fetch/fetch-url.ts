import { isIPv4 } from "node:net";
import { FetchRefusal } from "./fetch-refusal";

/** What varies between callers; https, the default port and no credentials never do. */
export interface UrlRules {
  maxLength: number;
}

// Spaces, C0/C1 controls, DEL, any Unicode space and backslashes. The WHATWG parser would
// quietly strip or rewrite them (a tab vanishes, "\" becomes "/"), so what it fetched would
// not be what the partner sent; a URL carrying one is refused instead.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const unsafeCharacter = /[\u0000-\u0020\u007f-\u009f\s\\]/u;

/** What to dial for a URL: a name to resolve, or an IP literal to check as it is. */
export interface FetchHost {
  /** Host name as sent in SNI and `Host`, or the bare IP literal (no brackets). */
  name: string;
  isIpLiteral: boolean;
}

function refuse(detail: string): never {
  throw new FetchRefusal("invalid_url", detail);
}

/** The text between `scheme://` and the path: where a `user@` part would sit. */
function rawAuthority(text: string): string {
  const rest = text.slice(text.indexOf("//") + 2);
  return rest.split(/[/?#]/u, 1)[0] ?? "";
}

/**
 * Checks a URL, or a redirect `Location` resolved against the URL that answered it: at most
 * `rules.maxLength` characters, `https` on the default port, no credentials, a host. Throws
 * `invalid_url`. Whether the host is public is checked later, on its addresses.
 */
export function checkFetchUrl(text: string, rules: UrlRules, base?: URL): URL {
  const tooLong = `longer than ${rules.maxLength} characters`;
  if (text.length > rules.maxLength) refuse(tooLong);
  if (unsafeCharacter.test(text)) refuse("space, control character or backslash");
  let url: URL;
  try {
    url = base ? new URL(text, base) : new URL(text);
  } catch {
    refuse("not a URL");
  }
  if (url.href.length > rules.maxLength) refuse(tooLong);
  if (url.protocol !== "https:") refuse("scheme is not https");
  // The parser forgives "https:host" and "https:///host"; a URL with a scheme must say what it
  // means. Only a redirect's Location may be relative ("/b.jpg", "//host/b.jpg", "b.jpg").
  const hasScheme = /^[a-z][a-z\d+.-]*:/iu.test(text);
  if ((hasScheme || !base) && !/^https:\/\/[^/]/iu.test(text)) refuse("not of the form https://host/");
  // "https://:@host/" parses to empty credentials that the parser drops: refuse any "@" here.
  if (/^(https:)?\/\//iu.test(text) && rawAuthority(text).includes("@")) refuse("credentials in the URL");
  if (url.username !== "" || url.password !== "") refuse("credentials in the URL");
  // The parser reduces ":443" to "" for https, so any port left is not the default one.
  if (url.port !== "") refuse("port other than 443");
  if (/^\.*$/u.test(url.hostname)) refuse("no host");
  return url;
}

export function fetchHost(url: URL): FetchHost {
  const host = url.hostname;
  if (host.startsWith("[")) return { name: host.slice(1, -1), isIpLiteral: true };
  // Decimal, octal, hex and short IPv4 forms have been normalised to dotted form by the parser.
  return { name: host, isIpLiteral: isIPv4(host) };
}
