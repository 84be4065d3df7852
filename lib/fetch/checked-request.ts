import type { IncomingMessage } from "node:http";
import { CheckedAddresses } from "./checked-addresses";
import type { FetchOptions } from "./fetch-options";
import { FetchRefusal } from "./fetch-refusal";
import { checkFetchUrl, fetchHost, type UrlRules } from "./fetch-url";
import { openPinned } from "./pinned-request";

const redirectStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export type CheckedRequest = {
  headers: Record<string, string>;
  urlRules: UrlRules;
  /** Ends the whole exchange (DNS, connecting, every hop); see `withDeadline`. */
  signal: AbortSignal;
} & (
  | {
      method: "GET";
      /**
       * Redirects followed, each target checked like the first URL; one more is
       * `too_many_redirects`. Unset: a 3xx is answered to the caller as it is.
       */
      maxRedirects?: number;
    }
  | { method: "POST"; body: Uint8Array | string }
);

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // A DNS query cannot be cancelled here; the deadline still ends the wait for it.
  const aborted = new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(new FetchRefusal("timeout"));
    signal.addEventListener("abort", () => reject(new FetchRefusal("timeout")), { once: true });
  });
  return Promise.race([work, aborted]);
}

/**
 * The SSRF-safe core every outbound request to a URL someone else chose goes through: the URL
 * rules, each host name resolved once with every address checked by the policy, the connection
 * pinned to the checked address, and for a GET with `maxRedirects` each redirect target checked
 * the same way. A POST is never redirected (a 3xx comes back as it is). Answers the final
 * response, unread, and the URL it came from; the caller owns the response and must consume or
 * destroy it. Refusals are thrown as `FetchRefusal`.
 */
export async function requestChecked(
  text: string,
  request: CheckedRequest,
  options: FetchOptions,
): Promise<{ url: URL; response: IncomingMessage }> {
  const addresses = new CheckedAddresses(options);
  const maxRedirects = request.method === "GET" ? request.maxRedirects : undefined;
  const body = request.method === "POST" ? request.body : undefined;
  let url = checkFetchUrl(text, request.urlRules);
  for (let redirects = 0; ; redirects += 1) {
    const host = fetchHost(url);
    const address = await untilAborted(addresses.addressOf(host), request.signal);
    const { method, headers, signal } = request;
    const response = await openPinned({ url, host, address, method, headers, body, options, signal });
    if (maxRedirects === undefined || !redirectStatuses.has(response.statusCode ?? 0)) return { url, response };
    response.destroy();
    if (redirects === maxRedirects) throw new FetchRefusal("too_many_redirects");
    const location = response.headers.location;
    if (!location) throw new FetchRefusal("http_status", `${response.statusCode} without Location`, response.statusCode);
    url = checkFetchUrl(location, request.urlRules, url);
  }
}

/**
 * Runs `work` under a deadline of `ms`: its signal aborts then, and whatever fails once it has
 * fired (the aborted socket, the DNS race) fails because of it, as `timeout`. Other
 * `FetchRefusal`s pass through; anything else is ours, `fetch_failed`.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ms);
  try {
    return await work(deadline.signal);
  } catch (error) {
    if (deadline.signal.aborted) throw new FetchRefusal("timeout");
    if (error instanceof FetchRefusal) throw error;
    throw new FetchRefusal("fetch_failed", (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
