import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type AnyOperation, type HttpMethod, httpMethods } from "../../lib/http/operation";
import type { Handler } from "../../lib/http/route-handlers";
import { type ApiRoute, apiRouter, catchAllPath, routeFor } from "../../lib/server/api-dispatch";
import { toWebRequest, writeWebResponse } from "../../lib/server/web-bridge";

/*
 * Production answers /v1 from lib/server/api-dispatch.ts, Next answers it from app/v1 in
 * development: the two must know the same paths and verbs. Nothing is imported from app/;
 * the route files are read as text, so a new route folder is picked up without listing it here.
 */

const root = path.resolve(import.meta.dirname, "../..");
const apiDir = path.join(root, "app", "v1");
const router = apiRouter();

interface RouteFile {
  file: string;
  /** The folder as the dispatcher writes it. */
  path: string;
  source: string;
}

function routeFiles(): RouteFile[] {
  return readdirSync(apiDir, { recursive: true, encoding: "utf8" })
    .filter((entry) => path.basename(entry) === "route.ts")
    .map((entry) => {
      const folders = path.dirname(entry) === "." ? [] : path.dirname(entry).split(path.sep);
      // `[workspace_id]` -> `{workspace_id}`, and `[...path]` -> `{...path}`, the catch-all.
      const routePath = ["/v1", ...folders.map((folder) => folder.replace(/^\[(.+)\]$/, "{$1}"))].join("/");
      return { file: path.join("app/v1", entry), path: routePath, source: readFileSync(path.join(apiDir, entry), "utf8") };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

// Every export of lib/partner-api/*.ts by name, to resolve the identifiers a route file passes to routeHandlers.
async function apiExports(): Promise<Map<string, AnyOperation>> {
  const byName = new Map<string, AnyOperation>();
  const dir = path.join(root, "lib", "partner-api");
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
    const loaded = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(loaded)) {
      const candidate = value as Partial<AnyOperation> | undefined;
      if (typeof candidate?.method === "string" && typeof candidate.path === "string") byName.set(name, value as AnyOperation);
    }
  }
  return byName;
}

/** The verbs a route file gives to an operation, read from its one wrapper call. */
function declaredMethods(file: RouteFile, exported: Map<string, AnyOperation>): HttpMethod[] {
  if (/\bnotFoundHandlers\(\)/.test(file.source)) return [];
  if (/\bopenApiDocumentHandlers\(\)/.test(file.source)) return ["GET"];
  const args = /\brouteHandlers\(([^)]*)\)/.exec(file.source)?.[1];
  if (args === undefined)
    throw new Error(`${file.file}: no routeHandlers(...), notFoundHandlers() or openApiDocumentHandlers() call`);
  return args
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const operation = exported.get(name);
      if (!operation) throw new Error(`${file.file}: ${name} is not an operation exported from lib/api`);
      expect(operation.path, `${name} declared in ${file.file}`).toBe(file.path);
      return operation.method;
    });
}

const routeOf = (rawUrl: string, method = "GET") => routeFor(router, method, rawUrl)?.path;

describe("the dispatcher and app/v1 know the same API", () => {
  const files = routeFiles();

  it("has a route for every app/v1 route file and no other", () => {
    expect(router.routes.map((route) => route.path).sort()).toEqual(files.map((file) => file.path).sort());
  });

  // In the same order too: it is the order of the Allow header and of the 405's message.
  it("gives every path the verbs its route file gives it, in the same order", async () => {
    const exported = await apiExports();
    for (const file of files) {
      const route = router.routes.find((candidate) => candidate.path === file.path);
      expect(route?.methods, `${file.file} (list its operations in GET, POST, PUT, PATCH, DELETE order)`).toEqual(
        declaredMethods(file, exported),
      );
    }
  });

  it("route files export every verb, as the dispatcher answers every verb", () => {
    for (const file of files) {
      expect(file.source, file.file).toMatch(/export const \{ GET, POST, PUT, PATCH, DELETE \} = /);
    }
  });

  it("refuses every other verb with 405 and Allow (404 under the catch-all)", async () => {
    for (const route of router.routes) {
      for (const method of httpMethods.filter((candidate) => !route.methods.includes(candidate))) {
        const response = await route.handlers[method](new Request(`http://x${route.path}`, { method }));
        if (route.path === catchAllPath) {
          expect(response.status, `${method} ${route.path}`).toBe(404);
        } else {
          expect(response.status, `${method} ${route.path}`).toBe(405);
          expect(response.headers.get("allow")).toBe(route.methods.join(", "));
        }
      }
    }
  });
});

describe("matching a raw path", () => {
  it("matches segment by segment without decoding: an encoded / stays in its segment", () => {
    expect(routeOf("/v1/workspaces/acme%2Feast")).toBe("/v1/workspaces/{workspace_id}");
    expect(routeOf("/v1/workspaces/a%3Fb%23c%25d?x=1")).toBe("/v1/workspaces/{workspace_id}");
    expect(routeOf("/v1/workspaces/acme/east")).toBe(catchAllPath);
    // Literal segments are compared as sent, as Next compares them.
    expect(routeOf("/v1/work%73paces/acme")).toBe(catchAllPath);
    expect(routeOf("/v1/Workspaces")).toBe(catchAllPath);
    expect(routeOf("/v1/openapi%2Ejson")).toBe(catchAllPath);
  });

  it("prefers a literal segment to a {param}, and a {param} to the catch-all, backing off like Next", () => {
    const handlers = Object.fromEntries(httpMethods.map((m) => [m, (async () => new Response()) as Handler]));
    const route = (routePath: string): ApiRoute => ({ path: routePath, methods: ["GET"], handlers }) as ApiRoute;
    const table = apiRouter(["/v1/a/{id}", "/v1/a/fixed", "/v1/a/{id}/x", "/v1/a/fixed/y", catchAllPath].map(route));
    const match = (rawPath: string) => table.match(rawPath)?.path;
    expect(match("/v1/a/fixed")).toBe("/v1/a/fixed");
    expect(match("/v1/a/other")).toBe("/v1/a/{id}");
    expect(match("/v1/a/fixed/y")).toBe("/v1/a/fixed/y");
    expect(match("/v1/a/fixed/x")).toBe("/v1/a/{id}/x");
    expect(match("/v1/a/fixed/z")).toBe(catchAllPath);
    expect(match("/v1/b")).toBe(catchAllPath);
    expect(routeOf("/v1/openapi.json")).toBe("/v1/openapi.json");
  });

  it("answers unknown paths from the catch-all, but leaves /v1 itself to Next (its catch-all needs a segment)", () => {
    expect(routeOf("/v1/nothing/here", "DELETE")).toBe(catchAllPath);
    expect(routeOf("/v1")).toBeUndefined();
    expect(routeOf("/v1?x=1")).toBeUndefined();
  });

  it("leaves to Next every path it would rewrite first (Next answers 308 to the cleaned path)", () => {
    for (const rawUrl of [
      "/v1/workspaces/",
      "/v1/workspaces/?a=1",
      "/v1/",
      "/v1//workspaces",
      "/v1/workspaces/acme/",
      "/v1\\workspaces",
      "/v1/workspaces/..",
      "/v1/workspaces/%2e%2E",
      "/v1/workspaces/acme/.",
      "/v1/workspaces/a#b",
      '/v1/workspaces/a"b',
    ]) {
      expect(routeFor(router, "GET", rawUrl), rawUrl).toBeUndefined();
    }
  });

  it("leaves other verbs and every other path to Next", () => {
    expect(routeFor(router, "HEAD", "/v1/workspaces/acme")).toBeUndefined();
    expect(routeFor(router, "OPTIONS", "/v1/workspaces")).toBeUndefined();
    for (const rawUrl of ["/", "/docs", "/v10/workspaces", "/v1x", "/V1/workspaces", "http://host/v1/workspaces"]) {
      expect(routeFor(router, "GET", rawUrl), rawUrl).toBeUndefined();
    }
  });
});

describe("the node:http <-> fetch bridge", () => {
  // A server answering each request with `respond(request)`, where request is the bridged web Request.
  async function withServer(respond: (request: Request) => Promise<Response>, use: (port: number) => Promise<void>) {
    const server = http.createServer((req, res) => {
      void (async () => writeWebResponse(await respond(toWebRequest(req, "http://localhost")), res))();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await use((server.address() as AddressInfo).port);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("keeps the raw path and query, writes every header (each Set-Cookie apart) and a streamed body", async () => {
    const chunks = ["one,", "two,", "three"];
    await withServer(
      async (request) => {
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = chunks.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(new TextEncoder().encode(next));
          },
        });
        const headers = new Headers({ "x-url": request.url, "x-seen": request.headers.get("x-test") ?? "" });
        headers.append("set-cookie", "a=1; Path=/");
        headers.append("set-cookie", "b=2; Path=/");
        return new Response(body, { status: 201, headers });
      },
      async (port) => {
        const answer = await rawRequest(port, { method: "GET", path: "/v1/a%2Fb/c?x=%20y&x=z", headers: { "x-test": "yes" } });
        expect(answer.status).toBe(201);
        expect(answer.headers["x-url"]).toBe("http://localhost/v1/a%2Fb/c?x=%20y&x=z");
        expect(answer.headers["x-seen"]).toBe("yes");
        expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
        expect(answer.text).toBe("one,two,three");
      },
    );
  });

  it("streams a request body to the handler, and a handler that stops reading still answers on a usable connection", async () => {
    await withServer(
      async (request) => {
        const reader = request.body!.getReader();
        const first = await reader.read();
        if (request.headers.get("x-stop") === "yes") {
          await reader.cancel();
          return new Response("stopped", { status: 413 });
        }
        let text = new TextDecoder().decode(first.value);
        for (let part = await reader.read(); !part.done; part = await reader.read()) text += new TextDecoder().decode(part.value);
        return new Response(text);
      },
      async (port) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const big = Array.from({ length: 16 }, () => Buffer.alloc(16 * 1024, "x"));
          const stopped = await rawRequest(port, {
            method: "POST",
            path: "/",
            headers: { "x-stop": "yes", "transfer-encoding": "chunked" },
            chunks: big,
            agent,
          });
          expect([stopped.status, stopped.text]).toEqual([413, "stopped"]);
          const echoed = await rawRequest(port, {
            method: "POST",
            path: "/",
            headers: { "transfer-encoding": "chunked" },
            chunks: ["ab", "cd"],
            agent,
          });
          expect([echoed.status, echoed.text]).toEqual([200, "abcd"]);
        } finally {
          agent.destroy();
        }
      },
    );
  });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function rawRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; chunks?: (string | Buffer)[]; agent?: http.Agent },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(parts).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}
