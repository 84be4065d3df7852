import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsBrotli, createBrotliAssetDispatch, precompressAssets } from "../../lib/server/brotli-assets";

describe("acceptsBrotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["gzip;q=1.0, br;q=0.8", true],
    ["BR", true],
    ["gzip, br;q=0", false],
    ["gzip, deflate", false],
    ["brotli", false],
    ["", false],
    [undefined, false],
  ])("%s: %s", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe("the build's brotli copies, over real HTTP", () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  const script = `console.log(${JSON.stringify("walkthrough ".repeat(400))});\n`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "walkthrough-brotli-"));
    await mkdir(path.join(dir, "static/chunks"), { recursive: true });
    await writeFile(path.join(dir, "static/chunks/app.js"), script);
    await writeFile(path.join(dir, "static/chunks/tiny.js"), "1");
    await writeFile(path.join(dir, "static/chunks/photo.png"), Buffer.alloc(4096, 7));
    expect(await precompressAssets(dir)).toBe(1);
    const dispatch = await createBrotliAssetDispatch(dir);
    server = http.createServer((req, res) => {
      if (dispatch(req, res)) return;
      res.writeHead(404, { "x-answered-by": "next" }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  function get(pathname: string, acceptEncoding?: string, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      // The path as written, dot segments included (a URL would resolve them first).
      const request = http.request(
        {
          host: "127.0.0.1",
          port: new URL(base).port,
          path: pathname,
          method,
          headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      request.on("error", reject).end();
    });
  }

  it("writes a smaller brotli copy beside a script and answers it to a browser that takes brotli", async () => {
    const copy = await readFile(path.join(dir, "static/chunks/app.js.br"));
    expect(copy.length).toBeLessThan(script.length / 10);
    const answer = await get("/_next/static/chunks/app.js?dpl=1", "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=utf-8",
      "content-length": String(copy.length),
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
    });
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/_next/static/chunks/app.js", "br", "HEAD");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBe(0);
  });

  it.each([
    ["a browser without brotli", "/_next/static/chunks/app.js", "gzip"],
    ["brotli refused with q=0", "/_next/static/chunks/app.js", "gzip, br;q=0"],
    ["a file too small to copy", "/_next/static/chunks/tiny.js", "br"],
    ["a file that is not text", "/_next/static/chunks/photo.png", "br"],
    ["the copy asked for by name", "/_next/static/chunks/app.js.br", "br"],
    ["a path outside the build's static files", "/_next/static/../static/chunks/app.js", "br"],
    ["another path", "/r/app.js", "br"],
  ])("leaves %s to Next", async (_case, pathname, acceptEncoding) => {
    const answer = await get(pathname, acceptEncoding);
    expect(answer.headers["x-answered-by"]).toBe("next");
  });
});
