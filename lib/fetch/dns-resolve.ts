import dns from "node:dns";
import { processSingleton } from "../process-state";

/**
 * Per query attempt, and attempts per name server. c-ares grows the wait on each attempt:
 * measured against a server that never answers (tests/unit/fetch-dns.test.ts), a name gives up
 * after about 5 seconds, well inside a photo's 20.
 */
export const dnsTimeoutMs = 1_500;
export const dnsTries = 2;

/**
 * A c-ares resolver (`resolve4`/`resolve6` talk to the name servers of /etc/resolv.conf over
 * the network on the event loop), never `dns.lookup`, whose getaddrinfo runs on the libuv
 * threadpool that file and crypto work of the web server share: four slow lookups would stall
 * them all. c-ares does not read /etc/hosts; see `resolveAddresses` for what that means.
 */
export function newFetchResolver(): dns.promises.Resolver {
  return new dns.promises.Resolver({ timeout: dnsTimeoutMs, tries: dnsTries });
}

/** `localhost`, `x.localhost` and their absolute forms (RFC 6761: always loopback). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/u, "");
  return name === "localhost" || name.endsWith(".localhost");
}

const loopback = ["127.0.0.1", "::1"];

/**
 * Every A and AAAA address of `hostname`, IPv4 first. Each family is asked once; a family that
 * fails (no such record, a timeout, a refusal) adds nothing, and the name fails only when neither
 * answered (the first family's error is thrown). Whatever is returned is checked whole by the
 * caller, and the connection goes only to a checked address, so a family that timed out can
 * never be reached.
 *
 * As c-ares does not read /etc/hosts, names listed only there do not resolve (`dns_failed`):
 * the fetchers reach public hosts only, and a hosts-file name is by nature a local one.
 * `localhost` names are answered as loopback without a query (RFC 6761), so the address policy
 * refuses them as `private_address` whatever a name server would say. IP literals never get
 * here: they are checked as they are.
 */
export async function resolveAddresses(resolver: dns.promises.Resolver, hostname: string): Promise<string[]> {
  if (isLocalhostName(hostname)) return loopback;
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const addresses = [...(v4.status === "fulfilled" ? v4.value : []), ...(v6.status === "fulfilled" ? v6.value : [])];
  if (addresses.length > 0) return addresses;
  if (v4.status === "rejected") throw v4.reason;
  if (v6.status === "rejected") throw v6.reason;
  return addresses;
}

/** The process's one resolver for outbound fetches (one c-ares channel, shared by every fetch). */
export function fetchResolver(): dns.promises.Resolver {
  return processSingleton("fetch.dns-resolver", newFetchResolver);
}
