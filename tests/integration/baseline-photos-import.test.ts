import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPhoto, type PhotoImportDeps } from "../../lib/baseline-photos/import-photo";
import { giveUpPhotoImport, runPhotoImport } from "../../lib/baseline-photos/run-photo-import";
import { db } from "../../lib/db/client";
import type { MediaStorage } from "../../lib/media/storage";
import { localDriverOfApp } from "../support/media";
import { localFetchOptions, sendBytes, startPhotoServer, type PhotoServer } from "../support/https-photo-server";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { readPhotoImport, workspaceWithHomes, type PhotoImportBody } from "../fixtures/baseline-photos";

// The job's own code in this process, against the test database and the app's media directory,
// with fetch rules that let exactly the local HTTPS server stand in for the public internet.
// The app itself never gets these rules (see baseline-photos.test.ts for what it refuses).

let server: PhotoServer;
let partner: TestPartner;
let homes: Awaited<ReturnType<typeof workspaceWithHomes>>;
let tempDir: string;
let deps: PhotoImportDeps;
const images: Record<string, Buffer> = {};

function solid(r: number) {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: { r, g: 90, b: 30 } } });
}

beforeAll(async () => {
  server = await startPhotoServer();
  images.red = await solid(220).jpeg().toBuffer();
  images.green = await solid(20).png().toBuffer();
  images.blue = await solid(120).webp().toBuffer();
  server.route("/red.jpg", sendBytes(images.red, { "content-type": "image/jpeg" }));
  server.route("/red-again.jpg", sendBytes(images.red, { "content-type": "image/jpeg" }));
  server.route("/green.png", sendBytes(images.green, { "content-type": "image/png" }));
  server.route("/blue.webp", sendBytes(images.blue, { "content-type": "image/webp" }));
  server.route("/text", sendBytes(Buffer.from("hello"), { "content-type": "text/plain" }));
  tempDir = mkdtempSync(path.join(os.tmpdir(), "photo-import-test-"));
  deps = { fetchOptions: localFetchOptions(server, { tempDir }), storage: localDriverOfApp() };
  partner = await createTestPartner();
  homes = await workspaceWithHomes(partner.apiKey, partner.partnerId, "photo-job", ["h1", "h2", "h3", "h4", "h5", "h6"]);
}, 60_000);

afterAll(() => server.close());

async function newImport(propertyId: string, urls: string[]) {
  const property = await homes.property(propertyId);
  const run = await db().photoImport.create({ data: { propertyId: property.id, urls, accepted: urls.length } });
  return { property, run };
}

async function record(propertyId: string, importId: string): Promise<PhotoImportBody> {
  const answer = await readPhotoImport(partner.apiKey, homes.workspaceId, propertyId, importId);
  expect(answer.status, answer.text).toBe(200);
  const body = answer.body;
  if (body.state !== "importing") expect(body.stored + body.duplicates + body.failed.length).toBe(body.accepted);
  return body;
}

const fetchesOf = (pathname: string) => server.requests.filter((requested) => requested === pathname).length;

describe("baseline photo import job", () => {
  it("stores new photos, counts repeats in the request and photos already held as duplicates, refuses the rest", async () => {
    const first = await newImport("h1", ["https://photos.test/red.jpg"]);
    await runPhotoImport(first.run.id, deps);
    expect(await record("h1", first.run.id)).toMatchObject({ state: "imported", stored: 1, duplicates: 0, failed: [] });

    const urls = [
      "https://photos.test/green.png",
      "https://photos.test/red-again.jpg",
      "https://photos.test/text",
      "https://other.test/green.png",
      "https://photos.test/missing.jpg",
      "https://photos.test/blue.webp",
    ];
    const second = await newImport("h1", urls);
    await runPhotoImport(second.run.id, deps);
    expect(await record("h1", second.run.id)).toEqual({
      workspace_id: homes.workspaceId,
      property_id: "h1",
      import_id: second.run.id,
      state: "imported",
      accepted: 6,
      stored: 2,
      duplicates: 2,
      failed: [
        { index: 2, url: urls[2], reason: "unsupported_content_type" },
        { index: 4, url: urls[4], reason: "http_status" },
      ],
    });

    const photos = await db().baselinePhoto.findMany({ where: { propertyId: first.property.id }, orderBy: { createdAt: "asc" } });
    expect(photos.map((p) => [p.contentType, p.width, p.height, p.source])).toEqual([
      ["image/jpeg", 32, 24, "partner_import"],
      ["image/png", 32, 24, "partner_import"],
      ["image/webp", 32, 24, "partner_import"],
    ]);
    for (const photo of photos) {
      const stored = await deps.storage.head(photo.storageKey);
      expect(stored?.sha256 ?? photo.sha256).toBe(photo.sha256);
      expect(stored?.size).toBe(photo.size);
    }
    // Every fetched temp file was disposed.
    expect(readdirSync(tempDir)).toEqual([]);

    // Another home holding the same bytes is not a duplicate of this one.
    const elsewhere = await newImport("h2", ["https://photos.test/red.jpg"]);
    await runPhotoImport(elsewhere.run.id, deps);
    expect(await record("h2", elsewhere.run.id)).toMatchObject({ state: "imported", stored: 1, duplicates: 0 });
  });

  it("ends failed without error when every photo is refused", async () => {
    const { run } = await newImport("h3", ["https://photos.test/text", "https://nowhere.test/a.jpg"]);
    await runPhotoImport(run.id, deps);
    const body = await record("h3", run.id);
    expect(body).toMatchObject({ state: "failed", stored: 0, duplicates: 0 });
    expect(body.failed.map((f) => f.reason)).toEqual(["unsupported_content_type", "dns_failed"]);
    expect(body.error).toBeUndefined();
  });

  it("refuses a photo storage could not take as upload_failed and disposes of its temp file", async () => {
    const broken: MediaStorage = {
      ...deps.storage,
      putContentAddressed: () => Promise.reject(new Error("disk full")),
    };
    const { run } = await newImport("h4", ["https://photos.test/blue.webp"]);
    await runPhotoImport(run.id, { ...deps, storage: broken });
    expect(await record("h4", run.id)).toMatchObject({ state: "failed", failed: [{ index: 0, reason: "upload_failed" }] });
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it("resumes after a crash where it stopped, never fetching or counting a recorded photo twice", async () => {
    const urls = ["https://photos.test/red.jpg", "https://photos.test/green.png", "https://photos.test/red-again.jpg"];
    const { property, run } = await newImport("h5", urls);
    // The first attempt recorded photo 0 and died.
    await importPhoto({ importId: run.id, propertyId: property.id, index: 0, url: urls[0]! }, deps);
    expect(await record("h5", run.id)).toMatchObject({ state: "importing", stored: 1, duplicates: 0, failed: [] });

    const redBefore = fetchesOf("/red.jpg");
    await runPhotoImport(run.id, deps);
    expect(fetchesOf("/red.jpg")).toBe(redBefore);
    const done = await record("h5", run.id);
    expect(done).toMatchObject({ state: "imported", accepted: 3, stored: 2, duplicates: 1, failed: [] });

    // A late overlapping attempt changes nothing: the import has ended.
    await importPhoto({ importId: run.id, propertyId: property.id, index: 1, url: urls[1]! }, deps);
    await runPhotoImport(run.id, deps);
    expect(await record("h5", run.id)).toEqual(done);
    expect(await db().baselinePhoto.count({ where: { propertyId: property.id } })).toBe(2);
  });

  it("after the last retry, refuses unreported photos as fetch_failed; error only when none was reported", async () => {
    const urls = ["https://photos.test/red.jpg", "https://photos.test/green.png"];
    const partial = await newImport("h6", urls);
    await importPhoto({ importId: partial.run.id, propertyId: partial.property.id, index: 0, url: urls[0]! }, deps);
    await giveUpPhotoImport(partial.run.id);
    const partialBody = await record("h6", partial.run.id);
    expect(partialBody).toMatchObject({
      state: "imported",
      stored: 1,
      failed: [{ index: 1, url: urls[1], reason: "fetch_failed" }],
    });
    expect(partialBody.error).toBeUndefined();

    const untouched = await newImport("h6", urls);
    await giveUpPhotoImport(untouched.run.id);
    const body = await record("h6", untouched.run.id);
    expect(body).toMatchObject({ state: "failed", stored: 0, duplicates: 0 });
    expect(body.failed.map((f) => f.reason)).toEqual(["fetch_failed", "fetch_failed"]);
    expect(body.error).toEqual(expect.any(String));
    // Giving up twice, or running after giving up, changes nothing.
    await giveUpPhotoImport(untouched.run.id);
    await runPhotoImport(untouched.run.id, deps);
    expect(await record("h6", untouched.run.id)).toEqual(body);
  });
});
