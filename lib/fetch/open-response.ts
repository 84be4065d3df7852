import type { IncomingMessage } from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import type { FetchPhotoOptions } from "./fetch-photo-options";
import { PhotoRefusal } from "./photo-fetch-reason";
import type { PhotoHost } from "./photo-url";

export interface PhotoRequest {
  url: URL;
  host: PhotoHost;
  /** The address that was checked; the only one this request may reach. */
  address: string;
  options: FetchPhotoOptions;
  signal: AbortSignal;
}

const headers = {
  "user-agent": "Walkthrough-Photo-Fetcher/1",
  accept: "image/jpeg, image/png, image/webp",
  // Bytes are counted as they arrive; a compressed body would hide its real size.
  "accept-encoding": "identity",
};

/** A lookup that answers with the checked address whatever it is asked: nothing resolves twice. */
function pinnedLookup(address: string): LookupFunction {
  const family = net.isIPv6(address) ? 6 : 4;
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * One GET to the checked address, with the URL's host name for SNI, certificate checks and
 * `Host`. Only the headers above are sent: no cookies, no authorization. A fresh agent per
 * request so no pooled socket (opened for another address) is ever reused.
 */
export function openResponse(request: PhotoRequest): Promise<IncomingMessage> {
  const { url, host, address, options } = request;
  options.observeConnect?.({ hostname: host.name, address, port: options.httpsPort });
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: host.name,
        port: options.httpsPort,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        agent: false,
        lookup: pinnedLookup(address),
        // SNI carries names only; an IP literal is still verified against the certificate.
        servername: host.isIpLiteral ? undefined : host.name,
        ca: options.tls.ca,
        signal: request.signal,
        headers: { ...headers, host: url.host },
      },
      resolve,
    );
    outgoing.on("error", (error) => reject(new PhotoRefusal("connect_failed", error.message)));
    outgoing.end();
  });
}
