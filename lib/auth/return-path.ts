/**
 * Where to go after signing in: a path on this site only (never another origin, nor `//host`),
 * else the home page. next-auth also refuses other origins; this keeps the form's own links tidy.
 */
export function safeReturnPath(value: string | string[] | undefined, appUrl: string): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (candidate === undefined) return "/home";
  const path = candidate.startsWith(appUrl) ? candidate.slice(appUrl.length) || "/" : candidate;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return "/home";
  return path;
}
