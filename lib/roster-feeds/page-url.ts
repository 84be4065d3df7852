import "server-only";

/**
 * The URL of one page: the feed's own URL for the first, and for every later one the same URL
 * with `cursor=<next_cursor>` added to its own query (spec, Hosted feed). The existing query is
 * appended to as text, not rebuilt through URLSearchParams, whose form-encoding would rewrite a
 * partner's signed or opaque parameters. Never a URL taken from a response.
 */
export function pageUrl(feedUrl: string, cursor?: string): URL {
  const url = new URL(feedUrl);
  url.hash = "";
  if (cursor !== undefined) {
    const own = url.search === "" || url.search === "?" ? "" : `${url.search.slice(1)}&`;
    url.search = `?${own}cursor=${encodeURIComponent(cursor)}`;
  }
  return url;
}
