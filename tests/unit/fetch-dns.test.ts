import { pbkdf2 } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsTimeoutMs, fetchResolver, newFetchResolver, resolveAddresses } from "@/lib/fetch/dns-resolve";
import { fetchPhoto } from "@/lib/fetch/fetch-photo";
import { defaultFetchPhotoOptions } from "@/lib/fetch/fetch-photo-options";
import { type DnsServer, startDnsServer } from "@/tests/support/dns-server";
import { until } from "@/tests/support/until";

// Real UDP name servers on 127.0.0.1: one that never answers, one that answers from a table.

let silent: DnsServer;
let answering: DnsServer;

beforeAll(async () => {
  silent = await startDnsServer("never");
  answering = await startDnsServer({
    "both.test": { A: ["93.184.215.14"], AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] },
    "v6only.test": { AAAA: ["2606:4700:4700::1111"] },
    "mixed.test": { A: ["93.184.215.14", "10.0.0.1"] },
    "slow6.test": { A: ["1.1.1.1"], silent: ["AAAA"] },
  });
});

afterAll(async () => {
  await silent.close();
  await answering.close();
});

function resolverAt(server: DnsServer) {
  const resolver = newFetchResolver();
  resolver.setServers([server.address]);
  return resolver;
}

describe("the fetchers' resolver (c-ares, not getaddrinfo)", () => {
  it("gives up on a server that never answers after the configured timeout, with ETIMEOUT", { timeout: 20_000 }, async () => {
    const before = silent.queries.length;
    const started = performance.now();
    const failure = await resolveAddresses(resolverAt(silent), "photos.example").catch((error: unknown) => error);
    const elapsed = performance.now() - started;
    expect((failure as NodeJS.ErrnoException).code).toBe("ETIMEOUT");
    // Both families were asked, each at least twice (the tries), and it took more than one
    // attempt's timeout but stayed far inside a photo's 20-second deadline.
    const asked = silent.queries.slice(before);
    expect(asked.filter((query) => query.type === "A").length).toBeGreaterThanOrEqual(2);
    expect(asked.filter((query) => query.type === "AAAA").length).toBeGreaterThanOrEqual(2);
    expect(elapsed).toBeGreaterThan(dnsTimeoutMs);
    expect(elapsed).toBeLessThan(10_000);
  });

  it("leaves the libuv threadpool free while queries hang", { timeout: 20_000 }, async () => {
    // Eight unanswered lookups; with getaddrinfo, four would hold every threadpool thread.
    const resolver = resolverAt(silent);
    const before = silent.queries.length;
    const hanging = Array.from({ length: 8 }, (_, i) => resolveAddresses(resolver, `hang${i}.example`).catch(() => undefined));
    // Every lookup is out: the server has both families' first query for each name.
    await until("the eight lookups to reach the server", async () =>
      new Set(silent.queries.slice(before).map((query) => `${query.type} ${query.name}`)).size >= 16 ? true : undefined,
    );
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => promisify(pbkdf2)("secret", "salt", 1_000, 32, "sha256")));
    expect(performance.now() - started).toBeLessThan(1_000);
    resolver.cancel();
    await Promise.all(hanging);
  });

  it("answers every A and AAAA address, IPv4 first, asking each family once", async () => {
    const before = answering.queries.length;
    expect(await resolveAddresses(resolverAt(answering), "both.test")).toEqual([
      "93.184.215.14",
      "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
    ]);
    expect(
      answering.queries
        .slice(before)
        .map((query) => query.type)
        .sort(),
    ).toEqual(["A", "AAAA"]);
    expect(await resolveAddresses(resolverAt(answering), "v6only.test")).toEqual(["2606:4700:4700::1111"]);
    expect(await resolveAddresses(resolverAt(answering), "mixed.test")).toEqual(["93.184.215.14", "10.0.0.1"]);
  });

  it("uses the family that answered when the other times out", { timeout: 20_000 }, async () => {
    expect(await resolveAddresses(resolverAt(answering), "slow6.test")).toEqual(["1.1.1.1"]);
  });

  it("fails an unknown name (NXDOMAIN) at once", async () => {
    const failure = await resolveAddresses(resolverAt(answering), "missing.test").catch((error: unknown) => error);
    expect((failure as NodeJS.ErrnoException).code).toBe("ENOTFOUND");
  });

  it("answers localhost names as loopback without asking, so the policy refuses them", async () => {
    const before = answering.queries.length;
    for (const name of ["localhost", "LOCALHOST", "localhost.", "api.localhost"]) {
      expect(await resolveAddresses(resolverAt(answering), name)).toEqual(["127.0.0.1", "::1"]);
    }
    expect(answering.queries.length).toBe(before);
  });
});

describe("the fetchers with the production resolver", () => {
  it(
    "use the process's c-ares resolver: a name server that never answers is dns_failed, inside the deadline",
    { timeout: 20_000 },
    async () => {
      // The default options' resolver, pointed at the silent server: getaddrinfo would never ask it.
      const resolver = fetchResolver();
      const servers = resolver.getServers();
      resolver.setServers([silent.address]);
      try {
        const before = silent.queries.length;
        expect(await fetchPhoto("https://photos.example/a.jpg", defaultFetchPhotoOptions())).toEqual({
          ok: false,
          reason: "dns_failed",
        });
        expect(silent.queries.slice(before).map((query) => query.name)).toContain("photos.example");
        // A deadline shorter than the DNS timeout ends it as the photo's timeout instead.
        expect(await fetchPhoto("https://photos.example/a.jpg", { ...defaultFetchPhotoOptions(), deadlineMs: 500 })).toEqual({
          ok: false,
          reason: "timeout",
        });
      } finally {
        // The timed-out photo left its query running (it ends by the resolver's own timeout).
        resolver.cancel();
        resolver.setServers(servers);
      }
    },
  );

  it("resolve a name served by a name server and refuse a private answer", async () => {
    const resolver = fetchResolver();
    const servers = resolver.getServers();
    resolver.setServers([answering.address]);
    try {
      expect(await fetchPhoto("https://mixed.test/a.jpg", defaultFetchPhotoOptions())).toEqual({
        ok: false,
        reason: "private_address",
      });
      expect(await fetchPhoto("https://missing.test/a.jpg", defaultFetchPhotoOptions())).toEqual({
        ok: false,
        reason: "dns_failed",
      });
    } finally {
      // The timed-out photo left its query running (it ends by the resolver's own timeout).
      resolver.cancel();
      resolver.setServers(servers);
    }
  });
});
