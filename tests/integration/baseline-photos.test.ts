import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { until } from "../support/until";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { listAll } from "../fixtures/roster";
import {
  baselinePhotosPath,
  postPhotos,
  readPhotoImport,
  waitForPhotoImport,
  workspaceWithHomes,
} from "../fixtures/baseline-photos";

// The app fetches with its production rules, so these tests can only reach refusals over HTTP:
// a photo server on this machine is a private address by design. Stored photos and duplicates
// are covered in baseline-photos-import.test.ts, through the job's own code with injected rules.

let partner: TestPartner;
let key: string;
let home: Awaited<ReturnType<typeof workspaceWithHomes>>;
let other: Awaited<ReturnType<typeof workspaceWithHomes>>;

beforeAll(async () => {
  partner = await createTestPartner();
  key = partner.apiKey;
  home = await workspaceWithHomes(key, partner.partnerId, "photos", ["a", "b", "c", "busy", "setup-none", "setup-old"]);
  other = await workspaceWithHomes(key, partner.partnerId, "photos-other", ["elsewhere"]);
});

describe("baseline photos: refusals per photo, over real HTTP", () => {
  it("refuses every photo on this machine as private_address, and URLs off the rules as invalid_url", async () => {
    const urls = [
      "https://127.0.0.1/a.jpg",
      "https://localhost/b.png",
      "http://example.com/c.jpg",
      "https://example.com:8443/d.jpg",
      "https://user:pw@example.com/e.jpg",
      `https://example.com/${"x".repeat(2_100)}.jpg`,
      "not a url",
      "https://[::1]/f.webp",
      "https://127.0.0.1/a.jpg",
    ];
    const post = await postPhotos(key, home.workspaceId, "a", { photos: urls.map((url) => ({ url })) });
    expect(post.status, post.text).toBe(202);
    expect(Object.keys(post.body).sort()).toEqual(["accepted", "import_id", "property_id", "state", "workspace_id"]);
    expect(post.body).toMatchObject({
      workspace_id: home.workspaceId,
      property_id: "a",
      state: "importing",
      accepted: urls.length,
    });

    const done = await waitForPhotoImport(key, home.workspaceId, "a", post.body.import_id);
    expect(done).toEqual({
      workspace_id: home.workspaceId,
      property_id: "a",
      import_id: post.body.import_id,
      state: "failed",
      accepted: urls.length,
      stored: 0,
      duplicates: 0,
      failed: [
        { index: 0, url: urls[0], reason: "private_address" },
        { index: 1, url: urls[1], reason: "private_address" },
        { index: 2, url: urls[2], reason: "invalid_url" },
        { index: 3, url: urls[3], reason: "invalid_url" },
        { index: 4, url: urls[4], reason: "invalid_url" },
        { index: 5, url: urls[5], reason: "invalid_url" },
        { index: 6, url: urls[6], reason: "invalid_url" },
        { index: 7, url: urls[7], reason: "private_address" },
        { index: 8, url: urls[8], reason: "private_address" },
      ],
    });
    expect(done.stored + done.duplicates + done.failed.length).toBe(done.accepted);
    expect(await db().baselinePhoto.count({ where: { propertyId: (await home.property("a")).id } })).toBe(0);
  });

  it("allows the next import once one has ended", async () => {
    const first = await postPhotos(key, home.workspaceId, "b", { photos: [{ url: "https://127.0.0.1/1.jpg" }] });
    expect(first.status).toBe(202);
    await waitForPhotoImport(key, home.workspaceId, "b", first.body.import_id);
    const second = await postPhotos(key, home.workspaceId, "b", { photos: [{ url: "https://127.0.0.1/2.jpg" }] });
    expect(second.status, second.text).toBe(202);
    expect(second.body.import_id).not.toBe(first.body.import_id);
    await waitForPhotoImport(key, home.workspaceId, "b", second.body.import_id);
  });
});

describe("baseline photos: one import per home", () => {
  it("answers 409 baseline_import_in_progress naming the running import; other homes are not blocked", async () => {
    const busy = await home.property("busy");
    // An import still queued: the global queue may hold one for minutes before its first fetch.
    const running = await db().photoImport.create({
      data: { propertyId: busy.id, urls: ["https://example.com/a.jpg"], accepted: 1 },
    });
    const error = expectError(
      await postPhotos(key, home.workspaceId, "busy", { photos: [{ url: "https://example.com/b.jpg" }] }),
      409,
      "baseline_import_in_progress",
    );
    expect(error.detail).toEqual({ import_id: running.id });
    expect(await db().photoImport.count({ where: { propertyId: busy.id } })).toBe(1);

    const free = await postPhotos(key, home.workspaceId, "c", { photos: [{ url: "https://127.0.0.1/c.jpg" }] });
    expect(free.status, free.text).toBe(202);
    await waitForPhotoImport(key, home.workspaceId, "c", free.body.import_id);
    await db().photoImport.update({ where: { id: running.id }, data: { state: "failed", finishedAt: new Date() } });
  });

  it("lets exactly one of concurrent POSTs for a home through: the check and create run under the home's row lock", async () => {
    const busy = await home.property("busy");
    // Hold the home's row so that every POST queues on it, then let them all go at once.
    const holder = new pg.Client({ connectionString: inject("databaseUrl") });
    // And keep the accepted import running until every answer is in: its job cannot record a
    // photo's outcome (the refusal comes in milliseconds) while this lock is held, so a later POST
    // cannot find it already ended and rightly start a second one.
    const outcomes = new pg.Client({ connectionString: inject("databaseUrl") });
    await holder.connect();
    await outcomes.connect();
    try {
      await outcomes.query("BEGIN");
      await outcomes.query("LOCK TABLE photo_import_photo IN SHARE MODE");
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM property WHERE id = $1 FOR NO KEY UPDATE", [busy.id]);
      const pending = Promise.all(
        Array.from({ length: 6 }, () =>
          postPhotos(key, home.workspaceId, "busy", { photos: [{ url: "https://127.0.0.1/x.jpg" }] }),
        ),
      );
      // Every POST has reached the row and waits there (behind the holder, or behind one that does).
      const [{ pid }] = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
      await until("the six POSTs to wait on the home's row", async () => {
        const [{ waiting }] = await db().$queryRaw<[{ waiting: number }]>`
          WITH RECURSIVE behind(pid) AS (
            SELECT pid FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))
            UNION SELECT activity.pid FROM pg_stat_activity activity JOIN behind ON behind.pid = ANY(pg_blocking_pids(activity.pid))
          )
          SELECT count(*)::int AS waiting FROM behind`;
        return waiting >= 6 ? true : undefined;
      });
      expect(await db().photoImport.count({ where: { propertyId: busy.id, state: "importing" } })).toBe(0);
      await holder.query("COMMIT");
      const answers = await pending;
      await outcomes.query("COMMIT");
      const accepted = answers.filter((answer) => answer.status === 202);
      expect(accepted).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 202)) {
        expect(expectError(answer, 409, "baseline_import_in_progress").detail).toEqual({
          import_id: accepted[0]!.body.import_id,
        });
      }
      await waitForPhotoImport(key, home.workspaceId, "busy", accepted[0]!.body.import_id);
    } finally {
      await holder.end();
      await outcomes.end();
    }
  });
});

describe("baseline photos: shape refusals and not found", () => {
  const url = { url: "https://example.com/a.jpg" };
  const cases: [string, unknown, string, Record<string, unknown>][] = [
    ["no photos", {}, "missing_parameter", { parameter: "photos" }],
    ["photos not an array", { photos: "x" }, "invalid_request", { parameter: "photos" }],
    ["an empty list", { photos: [] }, "invalid_request", { parameter: "photos" }],
    ["26 photos", { photos: Array.from({ length: 26 }, () => url) }, "invalid_request", { parameter: "photos" }],
    [
      "an item that is not an object",
      { photos: [url, "https://example.com/b.jpg"] },
      "invalid_request",
      { parameter: "photos[1]", index: 1 },
    ],
    ["a missing url", { photos: [url, url, {}] }, "missing_parameter", { parameter: "photos[2].url", index: 2 }],
    ["a blank url", { photos: [url, { url: "  " }] }, "missing_parameter", { parameter: "photos[1].url", index: 1 }],
    ["a url that is not a string", { photos: [{ url: 7 }] }, "invalid_request", { parameter: "photos[0].url", index: 0 }],
    [
      "an unknown item field",
      { photos: [url, { ...url, caption: "x" }] },
      "invalid_request",
      { parameter: "photos[1].caption", index: 1 },
    ],
    ["an unknown top-level field", { photos: [url], replace: true }, "invalid_request", { parameter: "replace" }],
  ];

  it.each(cases)("refuses %s, creating no import", async (_name, body, code, detail) => {
    const property = await home.property("setup-none");
    const error = expectError(await postPhotos(key, home.workspaceId, "setup-none", body), 400, code);
    expect(error.detail).toEqual(detail);
    expect(await db().photoImport.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it("accepts 25 photos", async () => {
    const answer = await postPhotos(key, home.workspaceId, "c", {
      photos: Array.from({ length: 25 }, () => ({ url: "http://x/" })),
    });
    expect(answer.status, answer.text).toBe(202);
    const done = await waitForPhotoImport(key, home.workspaceId, "c", answer.body.import_id);
    expect(done.failed.map((f) => f.reason)).toEqual(Array(25).fill("invalid_url"));
  });

  it("caps the body at 376,224 bytes", async () => {
    const answer = await call("POST", baselinePhotosPath("c"), {
      key,
      query: { workspace_id: home.workspaceId },
      body: { photos: [{ url: `https://example.com/${"x".repeat(380_000)}` }] },
    });
    expect(expectError(answer, 413, "payload_too_large").detail).toEqual({ limit_bytes: 376_224 });
  });

  it("answers 404 for an unknown workspace, another workspace's home, and another home's or workspace's import", async () => {
    const body = { photos: [url] };
    expectError(await postPhotos(key, "no-such-workspace", "a", body), 404, "workspace_not_provisioned");
    expectError(await postPhotos(key, home.workspaceId, "elsewhere", body), 404, "property_not_found");
    expectError(await postPhotos(key, other.workspaceId, "a", body), 404, "property_not_found");

    const post = await postPhotos(key, home.workspaceId, "a", { photos: [{ url: "https://127.0.0.1/z.jpg" }] });
    expect(post.status, post.text).toBe(202);
    const importId = post.body.import_id;
    await waitForPhotoImport(key, home.workspaceId, "a", importId);
    const unknown = expectError(await readPhotoImport(key, home.workspaceId, "a", randomUUID()), 404, "not_found");
    const otherHome = expectError(await readPhotoImport(key, home.workspaceId, "b", importId), 404, "not_found");
    expect(otherHome).toEqual(unknown);
    expect(expectError(await readPhotoImport(key, home.workspaceId, "a", "not-a-uuid"), 404, "not_found")).toEqual(unknown);
    expectError(await readPhotoImport(key, other.workspaceId, "a", importId), 404, "property_not_found");
    expectError(await readPhotoImport(key, other.workspaceId, "elsewhere", importId), 404, "not_found");
  });
});

describe("setup.baseline_photos on GET /v1/properties", () => {
  it("counts the home's photos and reads importing, imported, failed and none", async () => {
    const setup = async () => {
      const properties = await listAll(key, home.workspaceId, { limit: "2" });
      return Object.fromEntries(
        properties.map((p) => [p.property_id as string, (p.setup as { baseline_photos: unknown }).baseline_photos]),
      );
    };
    const [b, busy, old] = await Promise.all(["b", "busy", "setup-old"].map((id) => home.property(id)));
    // "b" holds photos (added by another source) and its latest import failed: imported wins.
    for (const sha256 of ["1".repeat(64), "2".repeat(64)]) {
      await db().baselinePhoto.create({
        data: {
          propertyId: b!.id,
          storageKey: `manual/${sha256}`,
          sha256,
          contentType: "image/jpeg",
          size: 1,
          width: 1,
          height: 1,
          source: "manager_upload",
        },
      });
    }
    const running = await db().photoImport.create({ data: { propertyId: busy!.id, urls: [], accepted: 1 } });
    const stale = await db().photoImport.create({ data: { propertyId: old!.id, urls: [], accepted: 1, state: "failed" } });
    await db().photoImport.update({ where: { id: stale.id }, data: { createdAt: new Date(Date.now() - 31 * 86_400_000) } });

    const blocks = await setup();
    expect(blocks).toMatchObject({
      a: { count: 0, state: "failed" },
      b: { count: 2, state: "imported" },
      busy: { count: 0, state: "importing" },
      "setup-none": { count: 0, state: "none" },
      "setup-old": { count: 0, state: "none" },
    });
    await db().photoImport.update({ where: { id: running.id }, data: { state: "failed", finishedAt: new Date() } });
  });
});
