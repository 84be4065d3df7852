import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { giveUpTourImport } from "../../lib/tours/run-tour-import";
import { defaultTourImportDeps } from "../../lib/tours/tour-import-deps";
import { tourImagePrefix } from "../../lib/tours/tour-storage";
import { call, expectError } from "../support/api";
import { localDriverOfApp } from "../support/media";
import { trapAddress } from "../support/tour-provider";
import { until } from "../support/until";
import { useTourTestApp } from "../support/tour-test-app";
import { postPhotos, workspaceWithHomes } from "../fixtures/baseline-photos";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import {
  deleteTour,
  newModelId,
  putTour,
  shareLink,
  tourPath,
  tourProvider,
  tourSetup,
  waitForHeldDownloads,
  waitForTour,
} from "../fixtures/tours";

/*
 * Tours are imported by the production job in tests/support/tour-import-worker.ts, whose fetch
 * options admit exactly the fake provider's address (127.0.0.1); this file's own app is
 * web-only and keeps the production rules, as does every other app in the suite.
 */
useTourTestApp();

let partner: TestPartner;
let key: string;
let home: Awaited<ReturnType<typeof workspaceWithHomes>>;

const homes = [
  "forms",
  "table",
  "busy",
  "photos-busy",
  "removal",
  "removal-running",
  "retry",
  "bad",
  "empty",
  "gone",
  "giveup",
  "refused",
  "never",
  "redirects",
  "redirects-only",
];

beforeAll(async () => {
  partner = await createTestPartner();
  key = partner.apiKey;
  home = await workspaceWithHomes(key, partner.partnerId, "tours", homes);
});

/** Waits until every queue job of the import has ended: nothing more is fetched or written for it. */
async function importJobsEnded(importId: string): Promise<void> {
  await until(`the jobs of import ${importId} to end`, async () => {
    const jobs = await db().$queryRaw<{ state: string }[]>`
      SELECT state::text AS state FROM pgboss.job WHERE name = 'import-baseline' AND data->>'importId' = ${importId}`;
    return jobs.length > 0 && jobs.every((job) => ["completed", "failed", "cancelled"].includes(job.state)) ? jobs : undefined;
  });
}

async function importsOf(propertyId: string) {
  const property = await home.property(propertyId);
  return db().tourImport.findMany({
    where: { propertyId: property.id },
    orderBy: { createdAt: "asc" },
    include: { images: true },
  });
}

/** Every stored object of an import, read back from the app's media storage. */
async function storedImagery(propertyId: string, importId: string, keys: string[]) {
  const property = await home.property(propertyId);
  expect(keys.every((key) => key.startsWith(`${tourImagePrefix(property.id, importId)}/`))).toBe(true);
  const heads = await Promise.all(keys.map((key) => localDriverOfApp().head(key)));
  return heads.filter((head) => head !== null);
}

describe("PUT tour: the request", () => {
  it.each([
    ["a missing url", {}, 400, "missing_parameter"],
    ["a blank url", { url: "  " }, 400, "missing_parameter"],
    ["a url that is not a string", { url: 7 }, 400, "invalid_request"],
    ["an http link", { url: "http://my.matterport.com/show/?m=abc" }, 400, "invalid_request"],
    ["another host", { url: "https://example.com/show/?m=abc" }, 400, "invalid_request"],
    ["a non-default port", { url: "https://my.matterport.com:8443/show/?m=abc" }, 400, "invalid_request"],
    ["credentials", { url: "https://user:pw@my.matterport.com/show/?m=abc" }, 400, "invalid_request"],
    ["a share link without m", { url: "https://my.matterport.com/show/?x=1" }, 400, "invalid_request"],
    ["a share link with two m", { url: "https://my.matterport.com/show/?m=abc&m=def" }, 400, "invalid_request"],
    ["a share link on another path", { url: "https://my.matterport.com/models/?m=abc" }, 400, "invalid_request"],
    ["a model id with other characters", { url: "https://my.matterport.com/show/?m=ab%2Fc" }, 400, "invalid_request"],
    ["a discovery link with more path", { url: "https://discover.matterport.com/space/abc/extra" }, 400, "invalid_request"],
    ["a discovery link on the share host", { url: "https://my.matterport.com/space/abc" }, 400, "invalid_request"],
    [
      "a link over 2,048 characters",
      { url: `https://my.matterport.com/show/?m=abc&x=${"y".repeat(2_048)}` },
      400,
      "invalid_request",
    ],
    ["not a URL", { url: "my.matterport.com/show/?m=abc" }, 400, "invalid_request"],
  ])("refuses %s naming url, and changes nothing", async (_label, body, status, code) => {
    const answer = await putTour(key, home.workspaceId, "forms", body);
    const error = expectError(answer, status, code);
    expect(error.detail).toMatchObject({ parameter: "url" });
    expect(await importsOf("forms")).toEqual([]);
  });

  it("refuses an unknown field by name", async () => {
    const error = expectError(
      await putTour(key, home.workspaceId, "forms", { url: shareLink("abc"), extra: 1 }),
      400,
      "invalid_request",
    );
    expect(error.detail).toMatchObject({ parameter: "extra" });
  });

  it("answers 404 workspace_not_provisioned before property_not_found, and for another partner's workspace", async () => {
    expectError(await putTour(key, "no-such-workspace", "nope", { url: shareLink("abc") }), 404, "workspace_not_provisioned");
    expectError(await putTour(key, home.workspaceId, "nope", { url: shareLink("abc") }), 404, "property_not_found");
    const stranger = await createTestPartner();
    expectError(
      await putTour(stranger.apiKey, home.workspaceId, "forms", { url: shareLink("abc") }),
      404,
      "workspace_not_provisioned",
    );
    expectError(await deleteTour(key, home.workspaceId, "nope"), 404, "property_not_found");
    expectError(await deleteTour(key, "no-such-workspace", "nope"), 404, "workspace_not_provisioned");
    expectError(await deleteTour(stranger.apiKey, home.workspaceId, "forms"), 404, "workspace_not_provisioned");
  });

  it("refuses a call without workspace_id, naming it, on both verbs", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const answer = await call(method, tourPath("forms"), {
        key,
        body: method === "PUT" ? { url: shareLink("abc") } : undefined,
      });
      expect(expectError(answer, 400, "missing_parameter").detail).toMatchObject({ parameter: "workspace_id" });
    }
    expect(await importsOf("forms")).toEqual([]);
  });

  it("answers 413 above the home setup body cap, before reading it", async () => {
    const answer = await call("PUT", tourPath("forms"), {
      key,
      query: { workspace_id: home.workspaceId },
      rawBody: JSON.stringify({ url: shareLink("abc"), pad: "x".repeat(400_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(expectError(answer, 413, "payload_too_large").detail).toMatchObject({ limit_bytes: 376_224 });
  });

  it.each([
    ["a share link with other query parameters", (id: string) => `https://my.matterport.com/show/?play=1&m=${id}&qs=1`],
    ["a share link without the trailing slash", (id: string) => `https://my.matterport.com/show?m=${id}`],
    ["a discovery link", (id: string) => `https://discover.matterport.com/space/${id}`],
    [
      "a discovery link with a trailing slash and a capitalised host",
      (id: string) => `https://Discover.Matterport.com/space/${id}/`,
    ],
  ])("accepts %s and stores the share link", async (_label, link) => {
    const modelId = newModelId();
    await tourProvider.model(modelId, { images: 1 });
    const answer = await putTour(key, home.workspaceId, "forms", { url: link(modelId) });
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body).toEqual({
      workspace_id: home.workspaceId,
      property_id: "forms",
      tour: { url: shareLink(modelId), state: "importing" },
    });
    expect(await waitForTour(key, home.workspaceId, "forms")).toEqual({ state: "imported", url: shareLink(modelId) });
  });
});

describe("the tour state table", () => {
  it("walks none → importing → imported, imported → 200, a different tour replacing it only once imported", async () => {
    const first = newModelId();
    await tourProvider.model(first, { images: 3, hold: true });
    expect(await tourSetup(key, home.workspaceId, "table")).toEqual({ state: "none" });

    const started = await putTour(key, home.workspaceId, "table", { url: shareLink(first) });
    expect(started.status, started.text).toBe(202);
    expect(started.body.tour).toEqual({ url: shareLink(first), state: "importing" });
    expect(await tourSetup(key, home.workspaceId, "table")).toEqual({ state: "importing", url: shareLink(first) });
    await waitForHeldDownloads(first);

    // The same tour while it imports: 202, and the running import continues (no second one).
    const again = await putTour(key, home.workspaceId, "table", { url: `https://discover.matterport.com/space/${first}` });
    expect(again.status, again.text).toBe(202);
    expect(again.body.tour).toEqual({ url: shareLink(first), state: "importing" });
    expect(await importsOf("table")).toHaveLength(1);

    // A different tour while one imports: 409, naming the running tour and its import.
    const [running] = await importsOf("table");
    const other = newModelId();
    const refused = expectError(
      await putTour(key, home.workspaceId, "table", { url: shareLink(other) }),
      409,
      "tour_import_in_progress",
    );
    expect(refused.detail).toEqual({ importing: shareLink(first), import_id: running!.id });

    // A photo batch while a tour imports: 409 tour_import_in_progress, and no photo import is created.
    const photos = expectError(
      await postPhotos(key, home.workspaceId, "table", { photos: [{ url: "https://example.com/a.jpg" }] }),
      409,
      "tour_import_in_progress",
    );
    expect(photos.detail).toMatchObject({ import_id: running!.id });
    expect(await db().photoImport.count({ where: { propertyId: (await home.property("table")).id } })).toBe(0);

    await tourProvider.release(first);
    expect(await waitForTour(key, home.workspaceId, "table")).toEqual({ state: "imported", url: shareLink(first) });
    const [imported] = await importsOf("table");
    expect(imported!.state).toBe("imported");
    expect(imported!.images.map((image) => image.providerImageId).sort()).toEqual(["photo-0", "photo-1", "photo-2"]);
    expect(
      await storedImagery(
        "table",
        imported!.id,
        imported!.images.map((image) => image.storageKey),
      ),
    ).toHaveLength(3);
    expect(
      imported!.images.every((image) => image.contentType === "image/jpeg" && image.width === 24 && image.height === 16),
    ).toBe(true);
    const listed = await tourProvider.stats(first);
    expect(listed.authorizedListRequests).toBe(listed.listRequests);

    // The same tour already imported: 200, nothing imported (the provider is not asked again).
    const same = await putTour(key, home.workspaceId, "table", { url: shareLink(first) });
    expect(same.status, same.text).toBe(200);
    expect(same.body.tour).toEqual({ url: shareLink(first), state: "imported" });
    expect((await tourProvider.stats(first)).listRequests).toBe(listed.listRequests);

    // A different tour that fails: the home names it (failed) while the first stays in use.
    const missing = newModelId();
    await tourProvider.model(missing, { images: 2, notFound: true });
    const replaced = await putTour(key, home.workspaceId, "table", { url: shareLink(missing) });
    expect(replaced.status, replaced.text).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "table")).toEqual({ state: "failed", url: shareLink(missing) });
    const afterFailure = await importsOf("table");
    expect(afterFailure.map((run) => run.state)).toEqual(["imported", "failed"]);
    expect(afterFailure[0]!.images).toHaveLength(3);
    const homeTour = await db().homeTour.findUniqueOrThrow({ where: { propertyId: (await home.property("table")).id } });
    expect(homeTour).toMatchObject({ namedImportId: afterFailure[1]!.id, inUseImportId: afterFailure[0]!.id });

    // The failed tour sent again: imported again this time, and it replaces the first tour's imagery.
    await tourProvider.model(missing, { images: 2 });
    const retried = await putTour(key, home.workspaceId, "table", { url: shareLink(missing) });
    expect(retried.status, retried.text).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "table")).toEqual({ state: "imported", url: shareLink(missing) });
    const afterRetry = await importsOf("table");
    expect(afterRetry.map((run) => [run.state, run.images.length])).toEqual([
      ["imported", 0],
      ["failed", 0],
      ["imported", 2],
    ]);
    expect(
      await storedImagery(
        "table",
        afterRetry[0]!.id,
        imported!.images.map((image) => image.storageKey),
      ),
    ).toEqual([]);
    expect(
      await storedImagery(
        "table",
        afterRetry[2]!.id,
        afterRetry[2]!.images.map((image) => image.storageKey),
      ),
    ).toHaveLength(2);
  });

  it("answers 200 imported when the tour sent is the one still in use after a different tour failed", async () => {
    const kept = newModelId();
    const broken = newModelId();
    await tourProvider.model(kept, { images: 1 });
    await tourProvider.model(broken, { images: 1, notFound: true });
    expect((await putTour(key, home.workspaceId, "busy", { url: shareLink(kept) })).status).toBe(202);
    await waitForTour(key, home.workspaceId, "busy");
    expect((await putTour(key, home.workspaceId, "busy", { url: shareLink(broken) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "busy")).toEqual({ state: "failed", url: shareLink(broken) });
    const back = await putTour(key, home.workspaceId, "busy", { url: shareLink(kept) });
    expect(back.status, back.text).toBe(200);
    expect(back.body.tour).toEqual({ url: shareLink(kept), state: "imported" });
    expect(await tourSetup(key, home.workspaceId, "busy")).toEqual({ state: "imported", url: shareLink(kept) });
    expect((await tourProvider.stats(kept)).listRequests).toBe(1);
  });

  it("refuses a new tour with 409 baseline_import_in_progress while a photo import runs", async () => {
    const property = await home.property("photos-busy");
    // A photo import that is still running (a manager's, or a slow batch): the app would finish
    // any batch sent from here at once, since this machine's addresses are refused.
    const running = await db().photoImport.create({
      data: { propertyId: property.id, urls: ["https://example.com/a.jpg"], accepted: 1 },
    });
    try {
      const error = expectError(
        await putTour(key, home.workspaceId, "photos-busy", { url: shareLink(newModelId()) }),
        409,
        "baseline_import_in_progress",
      );
      expect(error.detail).toEqual({ import_id: running.id });
      expect(await importsOf("photos-busy")).toEqual([]);
    } finally {
      await db().photoImport.update({ where: { id: running.id }, data: { state: "failed", finishedAt: new Date() } });
    }
  });
});

describe("DELETE tour", () => {
  it("deletes the tour's imagery, leaves photos alone, and is idempotent", async () => {
    const property = await home.property("removal");
    const photo = await localDriverOfApp().put(`baseline-photos/${property.id}/kept`, Buffer.from("photo bytes"), {
      contentType: "image/jpeg",
    });
    await db().baselinePhoto.create({
      data: {
        propertyId: property.id,
        storageKey: photo.key,
        sha256: photo.sha256,
        contentType: "image/jpeg",
        size: photo.size,
        width: 1,
        height: 1,
        source: "manager_upload",
      },
    });
    const modelId = newModelId();
    await tourProvider.model(modelId, { images: 2 });
    expect((await putTour(key, home.workspaceId, "removal", { url: shareLink(modelId) })).status).toBe(202);
    await waitForTour(key, home.workspaceId, "removal");
    const [imported] = await importsOf("removal");
    const keys = imported!.images.map((image) => image.storageKey);
    expect(await storedImagery("removal", imported!.id, keys)).toHaveLength(2);

    for (let attempt = 0; attempt < 2; attempt++) {
      const removed = await deleteTour(key, home.workspaceId, "removal");
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body).toEqual({ workspace_id: home.workspaceId, property_id: "removal", tour: { state: "none" } });
    }
    expect(await tourSetup(key, home.workspaceId, "removal")).toEqual({ state: "none" });
    const [after] = await importsOf("removal");
    expect(after).toMatchObject({ state: "removed", images: [] });
    expect(await storedImagery("removal", imported!.id, keys)).toEqual([]);
    expect(await localDriverOfApp().head(photo.key)).not.toBeNull();
    expect(await db().baselinePhoto.count({ where: { propertyId: property.id } })).toBe(1);

    // The same tour afterwards is a new tour again.
    expect((await putTour(key, home.workspaceId, "removal", { url: shareLink(modelId) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "removal")).toEqual({ state: "imported", url: shareLink(modelId) });
  });

  it("stops a running import: nothing it downloads afterwards is kept", async () => {
    const modelId = newModelId();
    await tourProvider.model(modelId, { images: 4, hold: true });
    expect((await putTour(key, home.workspaceId, "removal-running", { url: shareLink(modelId) })).status).toBe(202);
    await waitForHeldDownloads(modelId);
    expect((await deleteTour(key, home.workspaceId, "removal-running")).status).toBe(200);
    expect(await tourSetup(key, home.workspaceId, "removal-running")).toEqual({ state: "none" });
    await tourProvider.release(modelId);
    // The job notices at the image it was downloading and stops there.
    await expect.poll(async () => (await tourProvider.stats(modelId)).imageRequests, { timeout: 10_000 }).toEqual({ 0: 1 });
    const [run] = await importsOf("removal-running");
    await importJobsEnded(run!.id);
    expect(run).toMatchObject({ state: "removed", images: [] });
    expect((await tourProvider.stats(modelId)).imageRequests).toEqual({ 0: 1 });
    const property = await home.property("removal-running");
    const folder = path.join(inject("appDataDir"), "media", "objects", tourImagePrefix(property.id, run!.id));
    expect(existsSync(folder)).toBe(false);
  });

  it("answers 200 for a home that never had a tour", async () => {
    const removed = await deleteTour(key, home.workspaceId, "never");
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.tour).toEqual({ state: "none" });
  });
});

describe("tour imports: the provider's answers", () => {
  it("retries passing provider trouble and imports once it recovers", async () => {
    const modelId = newModelId();
    await tourProvider.model(modelId, { images: 2, listStatus: 503 });
    expect((await putTour(key, home.workspaceId, "retry", { url: shareLink(modelId) })).status).toBe(202);
    await expect.poll(async () => (await tourProvider.stats(modelId)).listRequests, { timeout: 10_000 }).toBeGreaterThan(0);
    await tourProvider.model(modelId, { images: 2 });
    expect(await waitForTour(key, home.workspaceId, "retry", 60_000)).toEqual({ state: "imported", url: shareLink(modelId) });
    const [run] = await importsOf("retry");
    expect(run!.images).toHaveLength(2);
  }, 90_000);

  it("skips an image whose bytes are not an image, follows a CDN redirect, and imports the rest", async () => {
    const modelId = newModelId();
    await tourProvider.model(modelId, { images: 3, badImages: [1], redirectImages: [2] });
    expect((await putTour(key, home.workspaceId, "bad", { url: shareLink(modelId) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "bad")).toEqual({ state: "imported", url: shareLink(modelId) });
    const [run] = await importsOf("bad");
    expect(run!.images.map((image) => image.providerImageId).sort()).toEqual(["photo-0", "photo-2"]);
  });

  it("fails a tour with no usable imagery, and one the provider refuses", async () => {
    const empty = newModelId();
    await tourProvider.model(empty, { images: 1, badImages: [0] });
    expect((await putTour(key, home.workspaceId, "empty", { url: shareLink(empty) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "empty")).toEqual({ state: "failed", url: shareLink(empty) });
    const [emptyRun] = await importsOf("empty");
    expect(emptyRun).toMatchObject({ state: "failed", images: [] });

    const refused = newModelId();
    await tourProvider.model(refused, { images: 1, listStatus: 403 });
    expect((await putTour(key, home.workspaceId, "refused", { url: shareLink(refused) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "refused")).toEqual({ state: "failed", url: shareLink(refused) });
    expect((await tourProvider.stats(refused)).listRequests).toBe(1);
  });

  it("fails an unknown tour without retrying", async () => {
    const modelId = newModelId();
    await tourProvider.model(modelId, { images: 1, notFound: true });
    expect((await putTour(key, home.workspaceId, "gone", { url: shareLink(modelId) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "gone")).toEqual({ state: "failed", url: shareLink(modelId) });
    expect((await tourProvider.stats(modelId)).listRequests).toBe(1);
  });

  it("after the last retry: the tour sent reads failed, keeps nothing, and the tour in use stays", async () => {
    const kept = newModelId();
    await tourProvider.model(kept, { images: 1 });
    expect((await putTour(key, home.workspaceId, "giveup", { url: shareLink(kept) })).status).toBe(202);
    await waitForTour(key, home.workspaceId, "giveup");
    const stuck = newModelId();
    await tourProvider.model(stuck, { images: 2, hold: true });
    expect((await putTour(key, home.workspaceId, "giveup", { url: shareLink(stuck) })).status).toBe(202);
    await waitForHeldDownloads(stuck);
    const runs = await importsOf("giveup");
    // What the queue calls once the last attempt failed, with the app's storage.
    await giveUpTourImport(runs[1]!.id, { ...defaultTourImportDeps(), storage: localDriverOfApp() });
    expect(await tourSetup(key, home.workspaceId, "giveup")).toEqual({ state: "failed", url: shareLink(stuck) });
    await tourProvider.release(stuck);
    await importJobsEnded(runs[1]!.id);
    const after = await importsOf("giveup");
    expect(after.map((run) => [run.state, run.images.length])).toEqual([
      ["imported", 1],
      ["failed", 0],
    ]);
    expect(after[1]!.error).toMatch(/could not be reached/);
  });
});

describe("tour images: the fetch rules (lib/fetch, as for photos)", () => {
  // Each of these Locations is refused before any connection: the image is skipped like any
  // image the provider serves unusably, and the tour fails only when no image is left.
  const refusedTargets = (modelId: string): Record<string, string> => ({
    // A private address (the trap listens there on the provider's port).
    1: `https://${trapAddress}/assets/${modelId}/1`,
    // Off https, to the same (allowed) host.
    2: `http://tours-cdn.test/assets/${modelId}/2`,
    // Another host whose DNS answer is private (the trap's address).
    3: `https://internal.tours.test/assets/${modelId}/3`,
    4: "https://169.254.169.254/latest/meta-data/",
    5: "https://[::1]/x.jpg",
  });

  it("skips an image redirected to a private address, to http, or to a host resolving privately, and imports the rest", async () => {
    const modelId = newModelId();
    const trapped = await tourProvider.trapConnections();
    await tourProvider.model(modelId, { images: 6, redirectImagesTo: refusedTargets(modelId) });
    expect((await putTour(key, home.workspaceId, "redirects", { url: shareLink(modelId) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "redirects")).toEqual({ state: "imported", url: shareLink(modelId) });
    const [run] = await importsOf("redirects");
    expect(run!.images.map((image) => image.providerImageId)).toEqual(["photo-0"]);
    // Only image 0 was served; no redirect target was ever connected to.
    expect((await tourProvider.stats(modelId)).imageRequests).toEqual({ 0: 1 });
    expect(await tourProvider.trapConnections()).toBe(trapped);
  });

  it("fails a tour whose every image redirects somewhere it may not go", async () => {
    const modelId = newModelId();
    const trapped = await tourProvider.trapConnections();
    const targets = Object.values(refusedTargets(modelId));
    await tourProvider.model(modelId, {
      images: targets.length,
      redirectImagesTo: Object.fromEntries(targets.map((target, index) => [index, target])),
    });
    expect((await putTour(key, home.workspaceId, "redirects-only", { url: shareLink(modelId) })).status).toBe(202);
    expect(await waitForTour(key, home.workspaceId, "redirects-only")).toEqual({ state: "failed", url: shareLink(modelId) });
    const [run] = await importsOf("redirects-only");
    expect(run).toMatchObject({ state: "failed", images: [] });
    expect((await tourProvider.stats(modelId)).imageRequests).toEqual({});
    expect(await tourProvider.trapConnections()).toBe(trapped);
  });
});
