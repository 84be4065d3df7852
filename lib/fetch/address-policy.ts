import ipaddr from "ipaddr.js";

/** NAT64 (RFC 6052 well-known prefix) and 6to4 carry an IPv4 address a relay will dial. */
const nat64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const sixToFour = ipaddr.IPv6.parseCIDR("2002::/16");
/** IPv4-compatible (::a.b.c.d, RFC 4291, deprecated): ipaddr.js calls it "unicast", nobody uses it. */
const ipv4Compatible = ipaddr.IPv6.parseCIDR("::/96");

function isPublicV4(address: ipaddr.IPv4): boolean {
  // ipaddr.js names every special-purpose block (private, loopback, link-local, CGNAT,
  // multicast, broadcast, unspecified, benchmarking, documentation, reserved, ...);
  // only what is left, "unicast", is the public internet.
  return address.range() === "unicast";
}

function v4At(parts: number[], first: number): ipaddr.IPv4 {
  const word = (index: number): number => parts[index] ?? 0;
  return new ipaddr.IPv4([word(first) >> 8, word(first) & 0xff, word(first + 1) >> 8, word(first + 1) & 0xff]);
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  // Unwrapped so that a private IPv4 address cannot hide inside an IPv6 form.
  if (address.match(nat64)) return isPublicV4(v4At(address.parts, 6));
  if (address.match(sixToFour)) return isPublicV4(v4At(address.parts, 1));
  if (address.match(ipv4Compatible)) return false;
  // Everything else that is not plain unicast is refused whole, including Teredo (its
  // embedded client address is obfuscated), local-use NAT64 and the RFC 6145 form.
  return address.range() === "unicast";
}

/**
 * Whether the service may connect to `address` (an IP address as text, as a resolver returns
 * it). Anything that does not parse as a canonical address is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return isPublicV4(ipaddr.IPv4.parse(address));
  // A zone id ("%eth0") only makes sense for link-local addresses, which are refused anyway.
  if (!address.includes(":") || address.includes("%") || !ipaddr.IPv6.isValid(address)) return false;
  return isPublicV6(ipaddr.IPv6.parse(address));
}
