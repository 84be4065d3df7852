import "server-only";

const home = "/home";

// Browsers drop tabs and newlines from URLs before resolving them, so "/\t/evil.example" would
// become "//evil.example" after every check here had passed; such paths are refused outright.
const whitespaceOrControl = /[\s\p{Cc}\p{Cf}]/u;

/**
 * Where to go after signing in: a path on this site only, else the home page. The candidate is
 * resolved against APP_URL as a browser would resolve it, and only a result of the same origin is
 * kept (so `//host`, `/\host`, `https://other` and the like all end at home).
 */
export function safeReturnPath(value: string | string[] | undefined, appUrl: string): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (candidate === undefined || candidate === "" || whitespaceOrControl.test(candidate)) return home;
  const base = new URL(appUrl);
  let resolved: URL;
  try {
    resolved = new URL(candidate, base);
  } catch {
    return home;
  }
  if (resolved.origin !== base.origin) return home;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
