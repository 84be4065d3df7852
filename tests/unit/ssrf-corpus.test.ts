import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/fetch/address-policy";
import { fetchPhoto } from "@/lib/fetch/fetch-photo";
import { defaultFetchPhotoOptions, type ConnectTarget } from "@/lib/fetch/fetch-photo-options";
import type { PhotoFetchReason } from "@/lib/fetch/photo-fetch-reason";
import {
  localFetchOptions,
  serverAddress,
  startPhotoServer,
  testHosts,
  type PhotoServer,
} from "@/tests/support/https-photo-server";

interface Entry {
  reason: PhotoFetchReason;
  why: string;
}
interface Corpus {
  hosts: Record<string, string[]>;
  cases: (Entry & { url: string })[];
  redirects: (Entry & { location: string })[];
}

const corpus = JSON.parse(readFileSync(path.join(import.meta.dirname, "../fixtures/ssrf-corpus.json"), "utf8")) as Corpus;

/** The corpus's resolver: its `hosts` table, ENOTFOUND for anything else. */
async function corpusResolve(hostname: string): Promise<string[]> {
  const answer = corpus.hosts[hostname];
  if (answer) return answer;
  if (testHosts.includes(hostname)) return [serverAddress];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
}

function label(text: string): string {
  const shown = JSON.stringify(text);
  return shown.length > 90 ? `${shown.slice(0, 87)}...` : shown;
}

let server: PhotoServer;
let trap: net.Server;
let trapPort = 0;
let trapped = 0;
const connects: ConnectTarget[] = [];
const observeConnect = (target: ConnectTarget) => connects.push(target);

beforeAll(async () => {
  server = await startPhotoServer();
  // A listener on 127.0.0.1 that every direct case dials if it gets as far as connecting; the
  // default classifier must keep it at zero connections.
  trap = net.createServer((socket) => {
    trapped += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  trapPort = (trap.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => trap.close(resolve));
});

describe("SSRF corpus", () => {
  it("has at least 200 entries and production options use the public-only classifier", () => {
    expect(corpus.cases.length + corpus.redirects.length).toBeGreaterThanOrEqual(200);
    expect(defaultFetchPhotoOptions().isAllowedAddress).toBe(isPublicAddress);
  });

  describe("direct URLs, default classifier", () => {
    it.each(corpus.cases.map((entry) => [label(entry.url), entry] as const))("%s", async (_label, entry) => {
      const options = {
        ...defaultFetchPhotoOptions(),
        resolve: corpusResolve,
        httpsPort: trapPort,
        deadlineMs: 5_000,
        observeConnect,
      };
      const result = await fetchPhoto(entry.url, options);
      expect(result, entry.why).toEqual({ ok: false, reason: entry.reason });
    });

    it("opened no connection at all", () => {
      expect(connects).toEqual([]);
      expect(trapped).toBe(0);
    });
  });

  describe("redirects from the local server", () => {
    // The local server stands in for a public host, so its one address is allowed; every
    // redirect target is judged by the default classifier.
    const allowServer = (address: string) => address === serverAddress || isPublicAddress(address);

    it.each(corpus.redirects.map((entry, index) => [label(entry.location), entry, index] as const))(
      "-> %s",
      async (_label, entry, index) => {
        const pathname = `/redirect/${index}`;
        server.route(pathname, (_request, response) => response.writeHead(302, { location: entry.location }).end());
        connects.length = 0;
        const before = server.requests.length;
        const options = localFetchOptions(server, { resolve: corpusResolve, isAllowedAddress: allowServer, observeConnect });
        const result = await fetchPhoto(`https://photos.test${pathname}`, options);
        expect(result, entry.why).toEqual({ ok: false, reason: entry.reason });
        // One connection, to the server, for the first hop; the target was never dialled.
        expect(connects.map((target) => target.address)).toEqual([serverAddress]);
        expect(server.requests.slice(before)).toEqual([pathname]);
      },
    );
  });

  it("with the production defaults throughout (real lookup), localhost and loopback are refused", async () => {
    for (const url of ["https://localhost/a.jpg", "https://127.0.0.1/a.jpg", "https://[::1]/a.jpg"]) {
      expect(await fetchPhoto(url), url).toEqual({ ok: false, reason: "private_address" });
    }
  });

  describe("DNS rebinding", () => {
    it("resolves a name once per photo and connects only to the address it checked", async () => {
      const photo = await (
        await import("sharp")
      )
        .default({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .png()
        .toBuffer();
      server.route("/rebind/start", (_request, response) => response.writeHead(302, { location: "/rebind/photo.png" }).end());
      server.route("/rebind/photo.png", (_request, response) =>
        response.writeHead(200, { "content-type": "image/png" }).end(photo),
      );
      const lookups: string[] = [];
      // First answer passes the policy, every later answer is private.
      const flipping = async (hostname: string) => (
        lookups.push(hostname),
        lookups.length === 1 ? [serverAddress] : ["10.0.0.1"]
      );
      connects.length = 0;
      const result = await fetchPhoto(
        "https://rebind.test/rebind/start",
        localFetchOptions(server, { resolve: flipping, observeConnect }),
      );
      expect(result.ok).toBe(true);
      if (result.ok) await result.dispose();
      expect(lookups).toEqual(["rebind.test"]);
      expect(connects.map((target) => target.address)).toEqual([serverAddress, serverAddress]);
    });

    it("refuses a name whose single lookup mixes a public and a private address", async () => {
      const mixed = async () => [serverAddress, "10.0.0.1"];
      const result = await fetchPhoto("https://rebind.test/a.png", localFetchOptions(server, { resolve: mixed, observeConnect }));
      expect(result).toEqual({ ok: false, reason: "private_address" });
    });
  });
});
