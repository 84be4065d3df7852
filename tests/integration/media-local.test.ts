import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LocalDiskDriver } from "../../lib/media/local-disk-driver";
import { call, expectError } from "../support/api";
import { localDriverOfApp } from "../support/media";

/** A signed link as the path and query the test client sends; never a header. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return pathOf(parsed.toString());
}

describe("GET /media/<key> (local disk signed links)", () => {
  let driver: LocalDiskDriver;
  const prefix = `links/${randomUUID()}`;
  const key = `${prefix}/photo.jpg`;
  const bytes = Buffer.from("0123456789abcdefghij");

  beforeAll(async () => {
    driver = localDriverOfApp();
    await driver.put(key, bytes, { contentType: "image/jpeg" });
    await driver.put(`${prefix}/other.jpg`, Buffer.from("other"), { contentType: "image/jpeg" });
  });

  it("streams the bytes with Content-Type, Content-Length and a private cache lifetime", async () => {
    const answer = await call("GET", pathOf((await driver.signedUrl(key)).url));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(bytes.toString());
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    // Served by lib/server/media-dispatch.ts: Next would drop the length and answer chunked.
    expect(answer.headers.get("content-length")).toBe(String(bytes.length));
    expect(answer.headers.get("transfer-encoding")).toBeNull();
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.headers.get("accept-ranges")).toBe("bytes");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(answer.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(890);
    expect(maxAge).toBeLessThanOrEqual(900);
  });

  it("answers HEAD with the headers only, Content-Length included", async () => {
    const answer = await call("HEAD", pathOf((await driver.signedUrl(key)).url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    expect(answer.headers.get("content-length")).toBe(String(bytes.length));
    expect(answer.headers.get("accept-ranges")).toBe("bytes");
    expect(answer.text).toBe("");
  });

  it("answers HEAD with a Range as the GET would: 206, Content-Range and the range's length", async () => {
    const answer = await call("HEAD", pathOf((await driver.signedUrl(key)).url), { headers: { range: "bytes=5-9" } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get("content-range")).toBe("bytes 5-9/20");
    expect(answer.headers.get("content-length")).toBe("5");
    expect(answer.text).toBe("");
  });

  it("keeps Content-Length on a large object, and a player's open-ended Range gets the rest with its length", async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 7);
    const videoKey = `${prefix}/clip.mp4`;
    await driver.put(videoKey, big, { contentType: "video/mp4" });
    const link = pathOf((await driver.signedUrl(videoKey)).url);
    const whole = await fetch(new URL(link, inject("baseUrl")));
    expect(whole.headers.get("content-length")).toBe(String(big.length));
    expect((await whole.arrayBuffer()).byteLength).toBe(big.length);
    const rest = await fetch(new URL(link, inject("baseUrl")), { headers: { range: "bytes=1048576-" } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-length")).toBe(String(big.length - 1048576));
    expect(rest.headers.get("content-range")).toBe(`bytes 1048576-${big.length - 1}/${big.length}`);
    expect((await rest.arrayBuffer()).byteLength).toBe(big.length - 1048576);
  });

  it("leaves paths a link is never made of to Next's own route, which still serves them", async () => {
    const link = pathOf((await driver.signedUrl(key)).url);
    const [pathPart, query] = link.split("?");
    // Next decodes `%2E` and merges `//` before routing; its route answers (without Content-Length).
    for (const odd of [
      `${pathPart!.replace("photo.jpg", "photo%2Ejpg")}?${query}`,
      `${pathPart!.replace("/media/", "/media//")}?${query}`,
    ]) {
      const answer = await call("GET", odd);
      expect({ status: answer.status, text: answer.text }).toEqual({ status: 200, text: bytes.toString() });
    }
    const slash = await fetch(new URL(`${pathPart}/?${query}`, inject("baseUrl")), { redirect: "manual" });
    expect(slash.status).toBe(308);
    await slash.arrayBuffer();
    expect((await call("POST", link)).status).toBe(405);
  });

  it("answers the same 404 envelope for every bad link, never saying why", async () => {
    const link = (await driver.signedUrl(key)).url;
    const signature = new URL(link).searchParams.get("signature")!;
    const expires = new URL(link).searchParams.get("expires")!;
    const expired = localDriverOfApp(() => Date.now() - 901_000);
    const unknown = `${prefix}/missing.jpg`;
    const bad = [
      (await expired.signedUrl(key)).url.replace(/^https?:\/\/[^/]+/, ""),
      withParam(link, "signature", `${signature.slice(0, -3)}AAA`),
      withParam(link, "signature", ""),
      withParam(link, "expires", String(Number(expires) + 1)),
      withParam(link, "type", "text/html"),
      pathOf(link).replace("photo.jpg", "other.jpg"),
      `/media/${key}`,
      pathOf((await driver.signedUrl(unknown)).url),
      `/media/${prefix}/..%2F..%2Fapp-secret?expires=${expires}&signature=${signature}`,
      `/media/app-secret?expires=${expires}&signature=${signature}`,
    ];
    const answers = await Promise.all(bad.map((path) => call("GET", path)));
    const messages = new Set<string>();
    for (const answer of answers) {
      messages.add(expectError(answer, 404, "not_found").message);
      expect(answer.headers.get("x-request-id")).toBeTruthy();
    }
    expect(messages.size).toBe(1);
  });

  it.each([
    ["bytes=2-5", "bytes 2-5/20", "2345"],
    ["bytes=15-", "bytes 15-19/20", "fghij"],
    ["bytes=18-100", "bytes 18-19/20", "ij"],
    ["bytes=-3", "bytes 17-19/20", "hij"],
  ])("answers Range %s with 206", async (range, contentRange, body) => {
    const answer = await call("GET", pathOf((await driver.signedUrl(key)).url), { headers: { range } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get("content-range")).toBe(contentRange);
    expect(answer.headers.get("content-length")).toBe(String(body.length));
    expect(answer.text).toBe(body);
  });

  it("answers a range past the end with 416 and the object's size", async () => {
    const answer = await call("GET", pathOf((await driver.signedUrl(key)).url), { headers: { range: "bytes=20-" } });
    expect(answer.status).toBe(416);
    expect(answer.headers.get("content-range")).toBe("bytes */20");
  });

  it("serves a range of a link that is still valid only", async () => {
    const expired = localDriverOfApp(() => Date.now() - 901_000);
    const answer = await call("GET", pathOf((await expired.signedUrl(key)).url), { headers: { range: "bytes=0-1" } });
    expectError(answer, 404, "not_found");
  });
});
