/**
 * Headers on every answer, pages and API alike: no content sniffing, no framing by another
 * site (the consoles and report pages must not be clickjacked; nothing here is meant to be
 * embedded, partners open the recording link in a browser or their own web view), no Referer
 * (links carry signed media URLs and tokens in their query), and the camera and microphone for
 * this origin only (the recording app). HSTS once the public origin is https.
 */
export function securityHeaders(appUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": "frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
    "permissions-policy": "camera=(self), microphone=(self), geolocation=(), payment=()",
    "cross-origin-opener-policy": "same-origin",
  };
  if (appUrl.startsWith("https://")) headers["strict-transport-security"] = "max-age=31536000";
  return headers;
}
