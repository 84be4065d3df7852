import type { IncomingMessage } from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import type { FetchOptions } from "./fetch-options";
import { FetchRefusal } from "./fetch-refusal";
import type { FetchHost } from "./fetch-url";

export interface PinnedRequest {
  url: URL;
  host: FetchHost;
  /** The address that was checked; the only one this request may reach. */
  address: string;
  method: "GET" | "POST";
  /** Sent as given, plus `Host`; the caller decides them (the fetchers never send cookies or authorization). */
  headers: Record<string, string>;
  body?: Uint8Array | string;
  options: FetchOptions;
  signal: AbortSignal;
}

/** A lookup that answers with the checked address whatever it is asked: nothing resolves twice. */
export function pinnedLookup(address: string): LookupFunction {
  const family = net.isIPv6(address) ? 6 : 4;
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * One HTTPS request to the checked address, with the URL's host name for SNI, certificate
 * checks and `Host`. A fresh agent per request so no pooled socket (opened for another address)
 * is ever reused. Answers the response whatever its status; a failure to connect, or one
 * before the response began, is `connect_failed`.
 */
export function openPinned(request: PinnedRequest): Promise<IncomingMessage> {
  const { url, host, address, options } = request;
  options.observeConnect?.({ hostname: host.name, address, port: options.httpsPort });
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: host.name,
        port: options.httpsPort,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        agent: false,
        lookup: pinnedLookup(address),
        // SNI carries names only; an IP literal is still verified against the certificate.
        servername: host.isIpLiteral ? undefined : host.name,
        ca: options.tls.ca,
        signal: request.signal,
        headers: { ...request.headers, host: url.host },
      },
      resolve,
    );
    outgoing.on("error", (error) => reject(new FetchRefusal("connect_failed", error.message)));
    outgoing.end(request.body);
  });
}
