import "server-only";
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Whether an address is loopback: 127.0.0.0/8 or ::1 (IPv4-mapped loopback included). Only
 * canonical forms, as a resolver or the URL parser gives them.
 */
export function isLoopbackAddress(address: string): boolean {
  if (!net.isIP(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "loopback";
}

/** `localhost` or a loopback literal, as a URL's hostname gives it (`[::1]` in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/u, "$1");
  return host === "localhost" || isLoopbackAddress(host);
}

/**
 * The feed secret travels as `Authorization: Bearer`, so only over https, or over plain http to
 * this machine (a feed served locally in development). Anything else would send it in clear.
 */
export function secretMayTravel(url: URL): boolean {
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}

/**
 * The lookup for plain-http feed requests: the system resolver, as for any feed, but every
 * address must be loopback, so `localhost` mapped elsewhere (a hosts file) never gets the secret
 * in clear. IP literals are not looked up; `secretMayTravel` has checked them.
 */
export const loopbackOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((entry) => !isLoopbackAddress(entry.address));
    if (refused || addresses.length === 0) {
      const notLoopback = Object.assign(
        new Error(`${hostname} resolves to ${refused?.address ?? "nothing"}, not loopback: plain http is refused`),
        {
          code: "ENOTLOOPBACK",
        },
      );
      return callback(notLoopback, "", 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
};
