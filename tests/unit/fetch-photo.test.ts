import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPhoto, maxPhotoBytes } from "@/lib/fetch/fetch-photo";
import { localFetchOptions, sendBytes, startPhotoServer, type PhotoServer } from "@/tests/support/https-photo-server";

// Real HTTPS against a local server with a certificate made at test time. It needs no
// database or app build, so it runs with the unit tests.

let server: PhotoServer;
const images: Record<string, Buffer> = {};

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
}

beforeAll(async () => {
  server = await startPhotoServer();
  images.jpeg = await solid(64, 48).jpeg().toBuffer();
  images.png = await solid(64, 48).png().toBuffer();
  images.webp = await solid(64, 48).webp().toBuffer();
  const noisy = await sharp({
    create: { width: 400, height: 300, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .jpeg()
    .toBuffer();
  images.truncated = noisy.subarray(0, Math.floor(noisy.length / 2));
  // 108 megapixels of one colour compresses to a few hundred KB.
  images.huge = await solid(12_000, 9_000).png({ compressionLevel: 9 }).toBuffer();
}, 60_000);

afterAll(() => server.close());

function image(name: string): Buffer {
  const bytes = images[name];
  if (!bytes) throw new Error(`no test image ${name}`);
  return bytes;
}

/** Serves a test image under any Content-Type; looked up per request (images are made in beforeAll). */
function serve(name: string, contentType?: string): Parameters<PhotoServer["route"]>[1] {
  return (_q, s) => s.writeHead(200, contentType ? { "content-type": contentType } : {}).end(image(name));
}

describe("fetchPhoto happy paths", () => {
  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["webp", "image/webp; charset=binary"],
  ])("fetches a %s photo to a temp file with its size, dimensions and hash", async (name, contentType) => {
    server.route(`/ok.${name}`, sendBytes(image(name), { "content-type": contentType }));
    const result = await fetchPhoto(`https://photos.test/ok.${name}`, localFetchOptions(server));
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect(result.contentType).toBe(contentType.split(";")[0]);
    expect([result.width, result.height, result.size]).toEqual([64, 48, image(name).length]);
    expect(result.sha256).toBe(createHash("sha256").update(image(name)).digest("hex"));
    expect(readFileSync(result.path).equals(image(name))).toBe(true);
    await result.dispose();
    expect(existsSync(result.path)).toBe(false);
  });

  it("sends only a plain GET: no cookies, no authorization, image Accept", async () => {
    let seen: Record<string, unknown> = {};
    server.route("/headers.jpg", (request, response) => {
      seen = request.headers;
      response.writeHead(200, { "content-type": "image/jpeg", "set-cookie": "a=b" }).end(image("jpeg"));
    });
    const result = await fetchPhoto("https://photos.test/headers.jpg?x=1", localFetchOptions(server));
    expect(result.ok).toBe(true);
    expect(seen.cookie).toBeUndefined();
    expect(seen.authorization).toBeUndefined();
    expect(seen.host).toBe("photos.test");
    expect(seen.accept).toBe("image/jpeg, image/png, image/webp");
    if (result.ok) await result.dispose();
  });

  it("follows three redirects, relative and absolute", async () => {
    server.route("/r1", (_q, s) => s.writeHead(302, { location: "/r2" }).end());
    server.route("/r2", (_q, s) => s.writeHead(301, { location: "https://other.test/r3" }).end());
    server.route("/r3", (_q, s) => s.writeHead(307, { location: "final.png" }).end());
    server.route("/final.png", sendBytes(image("png"), { "content-type": "image/png" }));
    const result = await fetchPhoto("https://photos.test/r1", localFetchOptions(server));
    expect(result.ok).toBe(true);
    if (result.ok) await result.dispose();
  });
});

describe("fetchPhoto refusals", () => {
  const refusals: [string, string, Parameters<PhotoServer["route"]>[1]][] = [
    ["404", "http_status", (_q, s) => s.writeHead(404).end()],
    ["500", "http_status", (_q, s) => s.writeHead(500).end()],
    ["redirect without Location", "http_status", (_q, s) => s.writeHead(302).end()],
    ["text/html", "unsupported_content_type", sendBytes(Buffer.from("<html></html>"), { "content-type": "text/html" })],
    ["no Content-Type", "unsupported_content_type", serve("jpeg")],
    ["image/gif", "unsupported_content_type", serve("png", "image/gif")],
    ["image/jpg (not a registered type)", "unsupported_content_type", serve("jpeg", "image/jpg")],
    ["PNG labelled JPEG", "content_mismatch", serve("png", "image/jpeg")],
    ["JPEG labelled WebP", "content_mismatch", serve("jpeg", "image/webp")],
    ["truncated JPEG", "content_mismatch", serve("truncated", "image/jpeg")],
    ["over 100 megapixels", "content_mismatch", serve("huge", "image/png")],
    ["empty body", "content_mismatch", (_q, s) => s.writeHead(200, { "content-type": "image/png" }).end()],
  ];

  it.each(refusals)(
    "%s -> %s",
    async (name, reason, handler) => {
      const pathname = `/refuse/${encodeURIComponent(name)}`;
      server.route(pathname, handler);
      const result = await fetchPhoto(`https://photos.test${pathname}`, localFetchOptions(server));
      expect(result).toEqual({ ok: false, reason });
    },
    20_000,
  );

  it("refuses a declared Content-Length over 15 MiB before reading", async () => {
    server.route("/big-declared.jpg", (_q, s) => {
      // Headers only: the refusal must come from Content-Length, not from counting bytes.
      s.writeHead(200, { "content-type": "image/jpeg", "content-length": 16 * 1024 * 1024 });
      s.flushHeaders();
    });
    expect(await fetchPhoto("https://photos.test/big-declared.jpg", localFetchOptions(server))).toEqual({
      ok: false,
      reason: "too_large",
    });
  });

  it("stops reading a 16 MB chunked body once it passes the limit", async () => {
    let sent = 0;
    server.route("/big-chunked.jpg", (_q, s) => {
      s.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const pump = () => {
        while (sent < 16 && s.write(chunk)) sent += 1;
        if (sent < 16) s.once("drain", () => ((sent += 1), pump()));
        else s.end();
      };
      s.on("error", () => undefined);
      pump();
    });
    expect(await fetchPhoto("https://photos.test/big-chunked.jpg", localFetchOptions(server))).toEqual({
      ok: false,
      reason: "too_large",
    });
    expect(maxPhotoBytes).toBe(15 * 1024 * 1024);
  });

  it("accepts a body of exactly the limit only if it is an image (limit is inclusive)", async () => {
    server.route(
      "/exact.jpg",
      sendBytes(Buffer.concat([image("jpeg"), Buffer.alloc(maxPhotoBytes - image("jpeg").length)]), {
        "content-type": "image/jpeg",
      }),
    );
    const result = await fetchPhoto("https://photos.test/exact.jpg", localFetchOptions(server));
    // Trailing bytes after the JPEG end marker are ignored by decoders: 15 MiB exactly is allowed.
    expect(result.ok).toBe(true);
    if (result.ok) await result.dispose();
  });

  it("times out a server that stalls after the headers", async () => {
    server.route("/stall-body.jpg", (_q, s) =>
      s.writeHead(200, { "content-type": "image/jpeg" }).write(image("jpeg").subarray(0, 10)),
    );
    const options = localFetchOptions(server, { deadlineMs: 500 });
    expect(await fetchPhoto("https://photos.test/stall-body.jpg", options)).toEqual({ ok: false, reason: "timeout" });
  });

  it("times out a server that never answers, and a resolver that never answers", async () => {
    server.route("/stall-head.jpg", () => undefined);
    const options = localFetchOptions(server, { deadlineMs: 500 });
    expect(await fetchPhoto("https://photos.test/stall-head.jpg", options)).toEqual({ ok: false, reason: "timeout" });
    const hung = { ...options, resolve: () => new Promise<string[]>(() => undefined) };
    expect(await fetchPhoto("https://photos.test/x.jpg", hung)).toEqual({ ok: false, reason: "timeout" });
  });

  it("counts the deadline over redirects and body together", async () => {
    server.route("/slow1", (_q, s) => setTimeout(() => s.writeHead(302, { location: "/slow2" }).end(), 300));
    server.route("/slow2", (_q, s) => setTimeout(() => s.writeHead(302, { location: "/ok.jpeg" }).end(), 300));
    const options = localFetchOptions(server, { deadlineMs: 500 });
    expect(await fetchPhoto("https://photos.test/slow1", options)).toEqual({ ok: false, reason: "timeout" });
  });

  it("connection refused -> connect_failed", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fetchPhoto("https://photos.test/a.jpg", localFetchOptions(server, { httpsPort: port }))).toEqual({
      ok: false,
      reason: "connect_failed",
    });
  });

  it("a connection that breaks mid-body -> connect_failed", async () => {
    server.route("/broken.jpg", (_q, s) => {
      s.writeHead(200, { "content-type": "image/jpeg", "content-length": 100_000 });
      s.write(image("jpeg"), () => s.socket?.destroy());
    });
    expect(await fetchPhoto("https://photos.test/broken.jpg", localFetchOptions(server))).toEqual({
      ok: false,
      reason: "connect_failed",
    });
  });

  it("an untrusted certificate -> connect_failed (certificates are always verified)", async () => {
    const options = localFetchOptions(server, { tls: {} });
    expect(await fetchPhoto("https://photos.test/ok.jpeg", options)).toEqual({ ok: false, reason: "connect_failed" });
  });

  it("an unknown host -> dns_failed", async () => {
    expect(await fetchPhoto("https://missing.test/a.jpg", localFetchOptions(server))).toEqual({
      ok: false,
      reason: "dns_failed",
    });
    const empty = localFetchOptions(server, { resolve: async () => [] });
    expect(await fetchPhoto("https://photos.test/a.jpg", empty)).toEqual({ ok: false, reason: "dns_failed" });
  });

  it("a 4th redirect -> too_many_redirects, without fetching its target", async () => {
    for (const hop of [1, 2, 3, 4])
      server.route(`/chain${hop}`, (_q, s) => s.writeHead(302, { location: `/chain${hop + 1}` }).end());
    server.route("/chain5", sendBytes(image("jpeg"), { "content-type": "image/jpeg" }));
    const before = server.requests.length;
    expect(await fetchPhoto("https://photos.test/chain1", localFetchOptions(server))).toEqual({
      ok: false,
      reason: "too_many_redirects",
    });
    expect(server.requests.slice(before)).toEqual(["/chain1", "/chain2", "/chain3", "/chain4"]);
  });
});

describe("fetchPhoto on the service side", () => {
  // Under a file, so no permission (not even root's) can create it.
  it("a temp directory that cannot be written -> fetch_failed", async () => {
    server.route("/disk.jpg", serve("jpeg", "image/jpeg"));
    const options = localFetchOptions(server, { tempDir: "/dev/null/walkthrough-photos" });
    expect(await fetchPhoto("https://photos.test/disk.jpg", options)).toEqual({ ok: false, reason: "fetch_failed" });
  });
});
