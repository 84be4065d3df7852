import ipaddr from "ipaddr.js";

/**
 * The caller's address as the front door found it (lib/server/front-door.ts), carried to the
 * handlers in a header that the front door always overwrites, so a client cannot choose it.
 */
export const clientAddressHeader = "x-walkthrough-client-address";

/** The client's address, or "unknown" for a request that did not pass the front door. */
export function clientAddress(request: Request): string {
  return request.headers.get(clientAddressHeader) ?? "unknown";
}

/**
 * Whom a per-address limit counts an address against: an IPv4 address (also written IPv4-mapped,
 * `::ffff:a.b.c.d`, as a dual-stack socket reports it), or an IPv6 address's /64. One subscriber is
 * handed a whole /64 and can use any of its 2^64 addresses, so a limit per IPv6 address is none.
 */
export function addressLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}

/** The client's address as every per-address limit counts it (`addressLimitKey`). */
export function clientLimitKey(request: Request): string {
  return addressLimitKey(clientAddress(request));
}
