import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import sharp from "sharp";
import { defaultFetchOptions, type FetchOptions } from "@/lib/fetch/fetch-options";
import { makeCertificate, serverAddress } from "./https-photo-server";

/**
 * The names the fake provider's image URLs use, and what the test resolver answers for them.
 * `tours-cdn.test` is where listed images live, `tours-cdn2.test` another CDN host a redirect
 * may lead to; `internal.tours.test` stands for a host whose DNS answer is private.
 */
export const tourTestHosts: Record<string, string> = {
  "tours-cdn.test": serverAddress,
  "tours-cdn2.test": serverAddress,
  "internal.tours.test": "127.0.0.2",
};

/**
 * A loopback address that stands for "private" in the tour tests: a trap listens there on the
 * fake provider's port, so any connection the fetcher wrongly opened would be counted.
 */
export const trapAddress = "127.0.0.2";

/**
 * Fetch options for tour image downloads in tests: the test names resolve by `tourTestHosts`,
 * https URLs (default port) are dialled at the fake provider's port, its CA is trusted, and
 * exactly its address, 127.0.0.1, is allowed. Nothing else is relaxed.
 */
export function tourFetchOptions(provider: { port: number; ca: string }): FetchOptions {
  return {
    ...defaultFetchOptions(),
    resolve: async (hostname) => {
      const address = tourTestHosts[hostname];
      if (address) return [address];
      throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    },
    isAllowedAddress: (address) => address === serverAddress,
    tls: { ca: provider.ca },
    httpsPort: provider.port,
  };
}

/** How the fake provider treats one model; set by tests through the control server. */
export interface FakeTourModel {
  /** Number of images the model lists. */
  images: number;
  /** Image downloads wait until the test releases them. */
  hold?: boolean;
  /** The listing call answers this HTTP status instead. */
  listStatus?: number;
  /** The provider does not know the model. */
  notFound?: boolean;
  /** Indexes of images served with bytes that are not an image. */
  badImages?: number[];
  /** Indexes of images whose signed URL redirects once, to another CDN host, before serving. */
  redirectImages?: number[];
  /** Images (by index) whose signed URL redirects to exactly this Location. */
  redirectImagesTo?: Record<string, string>;
}

export interface FakeTourModelStats {
  listRequests: number;
  /** Listing calls that carried the configured credentials. */
  authorizedListRequests: number;
  /** Downloads per image index. */
  imageRequests: Record<string, number>;
}

interface ModelEntry {
  config: FakeTourModel;
  stats: FakeTourModelStats;
  waiting: (() => void)[];
}

export interface TourProviderServer {
  apiUrl: string;
  /** The HTTPS port of the API and the image host (the URLs themselves use the default port). */
  port: number;
  /** The provider's certificate (its own CA). */
  ca: string;
  /** Plain HTTP on 127.0.0.1: how test files (other processes) set models and read stats. */
  controlUrl: string;
  /** The same CA in a file, for the worker's NODE_EXTRA_CA_CERTS (the listing uses fetch()). */
  caFile: string;
  tokenId: string;
  tokenSecret: string;
  close(): Promise<void>;
}

const tokenId = "test-tour-token-id";
const tokenSecret = "test-tour-token-secret";

/** Distinct small JPEG bytes for each (model, index): content addressing must not merge them. */
async function imageBytes(modelId: string, index: number): Promise<Buffer> {
  const seed = createHash("sha256").update(`${modelId}/${index}`).digest();
  return sharp({ create: { width: 24, height: 16, channels: 3, background: { r: seed[0]!, g: seed[1]!, b: seed[2]! } } })
    .jpeg()
    .toBuffer();
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/**
 * A local stand-in for the virtual-tour provider over real HTTPS: the GraphQL listing the
 * production client sends (`model.assets.photos`), with HTTP Basic credentials checked, and the
 * signed-image downloads it points at.
 */
export async function startTourProvider(): Promise<TourProviderServer> {
  const { key, cert } = makeCertificate(Object.keys(tourTestHosts));
  const dir = mkdtempSync(path.join(os.tmpdir(), "tour-provider-"));
  const caFile = path.join(dir, "ca.pem");
  writeFileSync(caFile, cert);
  const models = new Map<string, ModelEntry>();
  let origin = "";
  const imageOrigin = "https://tours-cdn.test";
  let trapConnections = 0;

  const listing = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readJson(request);
    const modelId = String((body.variables as Record<string, unknown> | undefined)?.modelId ?? "");
    const entry = models.get(modelId);
    if (entry) {
      entry.stats.listRequests++;
      const expected = `Basic ${Buffer.from(`${tokenId}:${tokenSecret}`).toString("base64")}`;
      if (request.headers.authorization === expected) entry.stats.authorizedListRequests++;
      else return json(response, 401, { errors: [{ message: "Unauthorized" }] });
    }
    if (!entry || entry.config.notFound) {
      return json(response, 200, {
        data: { model: null },
        errors: [{ message: "Model not found", extensions: { code: "not.found" } }],
      });
    }
    if (entry.config.listStatus) return json(response, entry.config.listStatus, { errors: [{ message: "unavailable" }] });
    const photos = Array.from({ length: entry.config.images }, (_, index) => ({
      id: `photo-${index}`,
      status: "available",
      url: `${imageOrigin}/assets/${modelId}/${index}?signature=test`,
    }));
    json(response, 200, { data: { model: { id: modelId, assets: { photos } } } });
  };

  const asset = async (modelId: string, index: number, redirected: boolean, response: ServerResponse) => {
    const entry = models.get(modelId);
    if (!entry || index >= entry.config.images) return json(response, 404, {});
    const location = entry.config.redirectImagesTo?.[index];
    if (location !== undefined && !redirected) return response.writeHead(302, { location }).end();
    if (entry.config.redirectImages?.includes(index) && !redirected) {
      return response.writeHead(302, { location: `https://tours-cdn2.test/assets/${modelId}/${index}?redirected=1` }).end();
    }
    entry.stats.imageRequests[index] = (entry.stats.imageRequests[index] ?? 0) + 1;
    if (entry.config.hold) await new Promise<void>((resolve) => entry.waiting.push(resolve));
    if (entry.config.badImages?.includes(index)) {
      return response.writeHead(200, { "content-type": "image/jpeg" }).end("these bytes are not a JPEG");
    }
    const bytes = await imageBytes(modelId, index);
    response.writeHead(200, { "content-type": "image/jpeg", "content-length": bytes.length }).end(bytes);
  };

  const api = https.createServer({ key, cert }, (request, response) => {
    const url = new URL(request.url ?? "/", "https://provider.test");
    const match = /^\/assets\/([^/]+)\/(\d+)$/.exec(url.pathname);
    const handled =
      request.method === "POST" && url.pathname === "/graph"
        ? listing(request, response)
        : match
          ? asset(match[1]!, Number(match[2]), url.searchParams.has("redirected"), response)
          : Promise.resolve(json(response, 404, {}));
    handled.catch(() => response.destroy());
  });

  const control = http.createServer((request, response) => {
    if (request.url === "/trap") return json(response, 200, { connections: trapConnections });
    const match = /^\/models\/([^/]+)(\/release)?$/.exec(new URL(request.url ?? "/", "http://control").pathname);
    const modelId = match?.[1];
    if (!modelId) return json(response, 404, {});
    if (request.method === "PUT") {
      void readJson(request).then((config) => {
        const previous = models.get(modelId);
        previous?.waiting.splice(0).forEach((resolve) => resolve());
        models.set(modelId, {
          config: config as unknown as FakeTourModel,
          stats: { listRequests: 0, authorizedListRequests: 0, imageRequests: {} },
          waiting: [],
        });
        json(response, 200, {});
      });
      return;
    }
    const entry = models.get(modelId);
    if (!entry) return json(response, 404, {});
    if (request.method === "POST" && match[2]) {
      entry.config.hold = false;
      entry.waiting.splice(0).forEach((resolve) => resolve());
      return json(response, 200, {});
    }
    json(response, 200, { ...entry.stats, waiting: entry.waiting.length });
  });

  await new Promise<void>((resolve) => api.listen(0, serverAddress, resolve));
  await new Promise<void>((resolve) => control.listen(0, serverAddress, resolve));
  const port = (api.address() as AddressInfo).port;
  origin = `https://${serverAddress}:${port}`;
  // Same port, private stand-in address: where a wrongly followed redirect would land.
  const trap = net.createServer((socket) => {
    trapConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(port, trapAddress, resolve));
  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    apiUrl: `${origin}/graph`,
    port,
    ca: cert,
    controlUrl: `http://${serverAddress}:${(control.address() as AddressInfo).port}`,
    caFile,
    tokenId,
    tokenSecret,
    close: async () => {
      for (const entry of models.values()) entry.waiting.splice(0).forEach((resolve) => resolve());
      await Promise.all([close(api), close(control), new Promise<void>((resolve) => trap.close(() => resolve()))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
