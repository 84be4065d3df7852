import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskDriver } from "../../lib/media/local-disk-driver";
import { serveSignedMedia } from "../../lib/media/serve-signed-media";

const now = 1_800_000_000_000;
let root: string;
let driver: LocalDiskDriver;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "walkthrough-media-serve-"));
  driver = new LocalDiskDriver({ root, secret: Buffer.from("s".repeat(32)), baseUrl: "http://app.test", now: () => now });
  await driver.put("v/clip.mp4", Buffer.from("0123456789"), { contentType: "video/mp4" });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function serve(url: string, headers: Record<string, string> = {}, at = now): Promise<Response> {
  const keySegments = new URL(url).pathname.replace(/^\/media\//, "").split("/");
  return serveSignedMedia(new Request(url, { headers }), keySegments, driver, at);
}

describe("serveSignedMedia", () => {
  it("sets Content-Type, Content-Length and the remaining lifetime as max-age", async () => {
    const { url } = await driver.signedUrl("v/clip.mp4");
    const response = await serve(url, {}, now + 100_000);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "video/mp4",
      "content-length": "10",
      "cache-control": "private, max-age=800",
      "accept-ranges": "bytes",
    });
    expect(await response.text()).toBe("0123456789");
  });

  it("sets Content-Range and Content-Length on a 206", async () => {
    const response = await serve((await driver.signedUrl("v/clip.mp4")).url, { range: "bytes=4-" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 4-9/10");
    expect(response.headers.get("content-length")).toBe("6");
    expect(await response.text()).toBe("456789");
  });

  it("answers HEAD with the headers and no body", async () => {
    const { url } = await driver.signedUrl("v/clip.mp4");
    const response = await serveSignedMedia(new Request(url, { method: "HEAD" }), ["v", "clip.mp4"], driver, now);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("10");
    expect(response.body).toBeNull();
  });

  it("refuses a link at its expiry second", async () => {
    const response = await serve((await driver.signedUrl("v/clip.mp4")).url, {}, now + 900_000);
    expect(response.status).toBe(404);
  });

  it("answers 404 for every link when media lives in S3", async () => {
    const { url } = await driver.signedUrl("v/clip.mp4");
    const response = await serveSignedMedia(new Request(url), ["v", "clip.mp4"], null, now);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  // A link's query is part of what it grants: each parameter that changes the answer is signed,
  // and anything the signer would never write is refused rather than ignored.
  describe("the query a link may carry", () => {
    const withQuery = (url: string, edit: (query: URLSearchParams) => void) => {
      const parsed = new URL(url);
      edit(parsed.searchParams);
      return parsed.toString();
    };

    it("refuses an empty type= added to a link signed without one (it would serve no Content-Type)", async () => {
      const { url } = await driver.signedUrl("v/clip.mp4");
      const response = await serve(withQuery(url, (query) => query.set("type", "")));
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    });

    it("refuses a type= removed from a link signed with one, and a type= added to one signed without", async () => {
      const typed = (await driver.signedUrl("v/clip.mp4", { contentType: "video/webm" })).url;
      expect((await serve(typed)).headers.get("content-type")).toBe("video/webm");
      expect((await serve(withQuery(typed, (query) => query.delete("type")))).status).toBe(404);
      const plain = (await driver.signedUrl("v/clip.mp4")).url;
      expect((await serve(withQuery(plain, (query) => query.set("type", "video/webm")))).status).toBe(404);
    });

    it.each([
      ["an unknown parameter", (query: URLSearchParams) => query.append("download", "1")],
      ["an unknown empty parameter", (query: URLSearchParams) => query.append("x", "")],
      ["a duplicated expires", (query: URLSearchParams) => query.append("expires", query.get("expires")!)],
      ["a duplicated signature", (query: URLSearchParams) => query.append("signature", query.get("signature")!)],
      ["an empty signature", (query: URLSearchParams) => query.set("signature", "")],
      ["an empty expires", (query: URLSearchParams) => query.set("expires", "")],
    ])("refuses %s", async (_name, edit) => {
      const { url } = await driver.signedUrl("v/clip.mp4");
      expect((await serve(url)).status).toBe(200);
      expect((await serve(withQuery(url, edit))).status).toBe(404);
    });

    it("refuses a duplicated type even when both copies are the signed value", async () => {
      const typed = (await driver.signedUrl("v/clip.mp4", { contentType: "video/webm" })).url;
      expect((await serve(withQuery(typed, (query) => query.append("type", "video/webm")))).status).toBe(404);
    });
  });
});
