const maxLength = 2048;

export class FeedUrlError extends Error {}

/**
 * A feed URL as staff set it. Plain http and any host are allowed: staff set it, not a
 * partner (tests and on-premises feeds use local servers). Refused: credentials in the URL
 * (the secret is the bearer token) and a `cursor` parameter of its own, which would collide
 * with the one the service adds for later pages.
 */
export function checkFeedUrl(text: string): string {
  const value = text.trim();
  if (value.length > maxLength) throw new FeedUrlError(`The URL must be at most ${maxLength} characters.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FeedUrlError("The URL is not an absolute URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FeedUrlError("The URL must be http or https.");
  if (url.username !== "" || url.password !== "") {
    throw new FeedUrlError("The URL must not carry credentials; pass the secret with --secret.");
  }
  if (url.searchParams.has("cursor")) {
    throw new FeedUrlError("The URL must not have a cursor parameter; the service adds it for later pages.");
  }
  return value;
}
