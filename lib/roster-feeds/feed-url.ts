import "server-only";
import { secretMayTravel } from "./feed-transport";

const maxLength = 2048;

export class FeedUrlError extends Error {}

/**
 * A feed URL as staff set it. Any host is allowed: staff set it, not a partner (on-premises
 * feeds use private addresses). Refused: plain http except to loopback (`localhost`,
 * 127.0.0.0/8, `[::1]`, for development), since the secret would travel in clear; credentials in
 * the URL (the secret is the bearer token); a `cursor` parameter of its own, which would collide
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
  if (!secretMayTravel(url)) {
    throw new FeedUrlError(
      "The URL must be https: the secret is sent as a bearer token, so plain http is allowed only to a loopback " +
        "address (localhost, 127.0.0.0/8, [::1]) for development.",
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw new FeedUrlError("The URL must not carry credentials; pass the secret with --secret.");
  }
  if (url.searchParams.has("cursor")) {
    throw new FeedUrlError("The URL must not have a cursor parameter; the service adds it for later pages.");
  }
  return value;
}
