import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { defaultFetchPhotoOptions, type FetchPhotoOptions } from "@/lib/fetch/fetch-photo-options";

/** Host names the test certificate covers; the test resolver sends them all to 127.0.0.1. */
export const testHosts = ["photos.test", "other.test", "rebind.test"];
export const serverAddress = "127.0.0.1";

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface PhotoServer {
  port: number;
  ca: string;
  /** Requests received, by path, so a test can prove a target was never fetched. */
  requests: string[];
  route: (path: string, handler: Route) => void;
  close: () => Promise<void>;
}

/**
 * A throwaway self-signed certificate for `hosts` and 127.0.0.1, made with the openssl CLI at
 * test time (never committed).
 */
export function makeCertificate(hosts: string[] = testHosts): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "photo-server-tls-"));
  try {
    const names = [...hosts.map((host) => `DNS:${host}`), `IP:${serverAddress}`].join(",");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=photos.test",
        "-addext",
        `subjectAltName=${names}`,
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem"), "utf8"), cert: readFileSync(path.join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real HTTPS server on 127.0.0.1 with routes set per test; unknown paths answer 404. */
export async function startPhotoServer(): Promise<PhotoServer> {
  const { key, cert } = makeCertificate();
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    const pathname = new URL(request.url ?? "/", "https://photos.test").pathname;
    requests.push(pathname);
    const handler = routes.get(pathname);
    if (handler) handler(request, response);
    else response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, serverAddress, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    ca: cert,
    requests,
    route: (pathname, handler) => routes.set(pathname, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves fixed bytes with the given headers. */
export function sendBytes(bytes: Buffer, headers: Record<string, string | number>): Route {
  return (_request, response) => response.writeHead(200, headers).end(bytes);
}

/**
 * Options for fetching from the local server: test names resolve to 127.0.0.1 and only that
 * one address is allowed, standing in for "the public internet". Nothing else is relaxed.
 */
export function localFetchOptions(server: PhotoServer, overrides: Partial<FetchPhotoOptions> = {}): FetchPhotoOptions {
  return {
    ...defaultFetchPhotoOptions(),
    resolve: async (hostname) => {
      if (testHosts.includes(hostname)) return [serverAddress];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    },
    isAllowedAddress: (address) => address === serverAddress,
    tls: { ca: server.ca },
    httpsPort: server.port,
    ...overrides,
  };
}
