import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "../support/api";
import { until as pollUntil } from "../support/until";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { testAppEnv } from "../support/global-setup";
import { type PhotoServer, type Route, sendBytes, startPhotoServer } from "../support/https-photo-server";
import { type PhotoWorkerProcess, startPhotoWorker } from "../support/photo-import-worker-process";
import { runSql } from "../support/databases";
import { baselinePhotosPath, type PhotoImportBody, photoImportPath } from "../fixtures/baseline-photos";
import { item, snapshot } from "../fixtures/roster";
import { createMigratedDatabase } from "../support/migrated-database";

/*
 * A photo import over real HTTP whose worker is killed mid-batch. Its own database, its own
 * web-only app (RUN_WORKERS=false) and its own worker processes (photo-import-worker.ts), which
 * fetch from a local HTTPS server with test fetch rules; the app never gets those rules.
 * The worker shortens the queue's expiry before the POST (pg-boss copies it into the job), so a
 * killed worker's job comes back in seconds rather than after the production 15 minutes.
 * An import whose last attempt fails (by throwing, or by expiring in a killed worker) is given
 * up through the dead-letter queue `import-baseline-given-up`, which only a worker runs.
 */

const expireInSeconds = 6;
const env = { ...testAppEnv, JOB_MAINTENANCE_INTERVAL_SECONDS: "1" };
const workspaceId = "photo-crash";

let databaseUrl: string;
let dataDir: string;
let app: AppProcess | undefined;
let server: PhotoServer;
let key: string;
const workers: PhotoWorkerProcess[] = [];

const sql = (text: string, values: unknown[] = []) => runSql(databaseUrl, text, values);
// Processes start and jobs expire here: a minute, polled finely.
const until = <T>(what: string, check: () => Promise<T | undefined>) => pollUntil(what, check, 60_000, 50);

async function startWorker(queue?: Parameters<typeof startPhotoWorker>[0]["queue"]) {
  const worker = await startPhotoWorker({ databaseUrl, dataDir, photoServer: server, queue, env });
  workers.push(worker);
  return worker;
}

function readImport(propertyId: string, importId: string) {
  return call<PhotoImportBody>("GET", `${app!.baseUrl}${photoImportPath(propertyId, importId)}`, {
    key,
    query: { workspace_id: workspaceId },
  });
}

async function postPhotos(propertyId: string, urls: string[]): Promise<string> {
  const answer = await call<PhotoImportBody>("POST", `${app!.baseUrl}${baselinePhotosPath(propertyId)}`, {
    key,
    query: { workspace_id: workspaceId },
    body: { photos: urls.map((url) => ({ url })) },
  });
  expect(answer.status, answer.text).toBe(202);
  return answer.body.import_id;
}

async function waitForEnd(propertyId: string, importId: string): Promise<PhotoImportBody> {
  return until(`import ${importId} to end`, async () => {
    const answer = await readImport(propertyId, importId);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.state === "importing" ? undefined : answer.body;
  });
}

async function setupOf(propertyId: string) {
  const answer = await call("GET", `${app!.baseUrl}/v1/properties`, { key, query: { workspace_id: workspaceId } });
  expect(answer.status, answer.text).toBe(200);
  const found = (answer.body.properties as { property_id: string; setup: { baseline_photos: unknown } }[]).find(
    (property) => property.property_id === propertyId,
  );
  return found?.setup.baseline_photos;
}

const outcomesOf = (importId: string) =>
  sql("SELECT index, outcome::text, reason FROM photo_import_photo WHERE import_id = $1 ORDER BY index", [importId]);
const storedHashes = async (importId: string) =>
  (
    await sql(
      "SELECT sha256 FROM baseline_photo WHERE property_id = (SELECT property_id FROM photo_import WHERE id = $1) ORDER BY sha256",
      [importId],
    )
  ).map((row) => row.sha256 as string);
// The dead-letter job pg-boss adds for a job that failed for good carries the same data: match the queue too.
const jobOf = async (importId: string) =>
  (
    await sql("SELECT state::text, retry_count FROM pgboss.job WHERE name = 'import-baseline' AND data->>'importId' = $1", [
      importId,
    ])
  )[0];
const giveUpJobsOf = (importId: string) =>
  sql("SELECT state::text FROM pgboss.job WHERE name = 'import-baseline-given-up' AND data->>'importId' = $1", [importId]);
/** The import's give-up job, once it is `completed` (pg-boss records that just after the import ends). */
const giveUpCompleted = (importId: string) =>
  until(`the give-up job of ${importId} to complete`, async () => {
    const jobs = await giveUpJobsOf(importId);
    return jobs.length === 1 && jobs[0]!.state === "completed" ? jobs : undefined;
  });

function fetches(...paths: string[]): Record<string, number> {
  return Object.fromEntries(paths.map((pathname) => [pathname, server.requests.filter((seen) => seen === pathname).length]));
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function photo(red: number): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: { r: red, g: 80, b: 160 } } })
    .jpeg()
    .toBuffer();
}

/** Headers and half the body, then nothing until released: a worker killed here is mid-download. */
function heldUntilReleased(bytes: Buffer): { route: Route; release: () => void } {
  const headers = { "content-type": "image/jpeg", "content-length": bytes.length };
  let released = false;
  const held: (() => void)[] = [];
  return {
    route(request, response) {
      if (released) return sendBytes(bytes, headers)(request, response);
      response.writeHead(200, headers);
      response.write(bytes.subarray(0, bytes.length >> 1));
      held.push(() => {
        if (!response.destroyed && !response.socket?.destroyed) response.end(bytes.subarray(bytes.length >> 1));
      });
    },
    release() {
      released = true;
      for (const finish of held.splice(0)) finish();
    },
  };
}

/** Provisions the workspace and its homes through the API, with an app whose workers apply rosters. */
async function provisionHomes(propertyIds: string[]): Promise<void> {
  const provisioning = await startAppProcess({ databaseUrl, env, dataDir });
  try {
    key = JSON.parse(await readFile(path.join(dataDir, "demo-credentials.json"), "utf8")).api_key as string;
    const base = provisioning.baseUrl;
    const created = await call("POST", `${base}/v1/workspaces`, {
      key,
      body: { workspace_id: workspaceId, name: "Photo crash" },
    });
    expect(created.status, created.text).toBe(201);
    const pushed = await call("POST", `${base}/v1/roster-imports`, {
      key,
      query: { workspace_id: workspaceId },
      headers: { "idempotency-key": randomUUID() },
      body: snapshot(propertyIds.map((id) => item(id))),
    });
    expect(pushed.status, pushed.text).toBe(202);
    await until("the roster to apply", async () => {
      const run = await call("GET", `${base}/v1/roster-imports/${String(pushed.body.import_id)}`, {
        key,
        query: { workspace_id: workspaceId },
      });
      return run.body.status === "applied" ? true : undefined;
    });
  } finally {
    await provisioning.stop();
  }
}

beforeAll(async () => {
  databaseUrl = await createMigratedDatabase("photo_crash");
  dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-photo-crash-"));
  server = await startPhotoServer();
  await provisionHomes(["kill", "give-up", "last-attempt"]);
  // From here on only the test's worker processes run the import job.
  app = await startAppProcess({ databaseUrl, env: { ...env, RUN_WORKERS: "false" }, dataDir });
}, 180_000);

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await app?.stop();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("a photo import whose worker is killed mid-batch", () => {
  it("resumes in a new worker at the photo it was on, losing and double-counting nothing", { timeout: 120_000 }, async () => {
    const images = await Promise.all([10, 50, 90, 130, 170, 210].map(photo));
    const [a, b, c, d, e, f] = images as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
    const jpeg = { "content-type": "image/jpeg" };
    const held = heldUntilReleased(c);
    server.route("/a.jpg", sendBytes(a, jpeg));
    server.route("/b.jpg", sendBytes(b, jpeg));
    server.route("/a-copy.jpg", sendBytes(a, jpeg));
    server.route("/c.jpg", held.route);
    server.route("/d.jpg", sendBytes(d, jpeg));
    server.route("/c-copy.jpg", sendBytes(c, jpeg));
    server.route("/e.jpg", sendBytes(e, jpeg));
    server.route("/f.jpg", sendBytes(f, jpeg));
    const paths = ["/a.jpg", "/b.jpg", "/a-copy.jpg", "/c.jpg", "/d.jpg", "/c-copy.jpg", "/e.jpg", "/f.jpg"];
    const urls = paths.map((pathname) => `https://photos.test${pathname}`);
    urls.splice(3, 0, "https://10.0.0.1/private.jpg");

    const first = await startWorker({ expireInSeconds, retryDelaySeconds: 1 });
    const importId = await postPhotos("kill", urls);

    // The first worker has recorded indexes 0-3 and is halfway through downloading index 4.
    await until("indexes 0-3 recorded and /c.jpg requested", async () =>
      (await outcomesOf(importId)).length === 4 && server.requests.includes("/c.jpg") ? true : undefined,
    );
    const before = await readImport("kill", importId);
    expect(before.body).toMatchObject({ state: "importing", accepted: 9, stored: 2, duplicates: 1 });
    await first.kill();
    expect((await readImport("kill", importId)).body).toEqual(before.body);

    await startWorker();
    held.release();
    const done = await waitForEnd("kill", importId);

    expect(done).toEqual({
      workspace_id: workspaceId,
      property_id: "kill",
      import_id: importId,
      state: "imported",
      accepted: 9,
      stored: 6,
      duplicates: 2,
      failed: [{ index: 3, url: urls[3], reason: "private_address" }],
    });
    expect(done.stored + done.duplicates + done.failed.length).toBe(done.accepted);
    expect(await outcomesOf(importId)).toEqual([
      { index: 0, outcome: "stored", reason: null },
      { index: 1, outcome: "stored", reason: null },
      { index: 2, outcome: "duplicate", reason: null },
      { index: 3, outcome: "failed", reason: "private_address" },
      { index: 4, outcome: "stored", reason: null },
      { index: 5, outcome: "stored", reason: null },
      { index: 6, outcome: "duplicate", reason: null },
      { index: 7, outcome: "stored", reason: null },
      { index: 8, outcome: "stored", reason: null },
    ]);
    expect(await storedHashes(importId)).toEqual(images.map(sha256).sort());
    expect(await setupOf("kill")).toEqual({ count: 6, state: "imported" });
    // Recorded before the kill: fetched once. The photo it was on: once by each worker.
    expect(fetches(...paths)).toEqual({
      "/a.jpg": 1,
      "/b.jpg": 1,
      "/a-copy.jpg": 1,
      "/c.jpg": 2,
      "/d.jpg": 1,
      "/c-copy.jpg": 1,
      "/e.jpg": 1,
      "/f.jpg": 1,
    });
    // pg-boss took the job back from the killed worker exactly once.
    expect(await jobOf(importId)).toEqual({ state: "completed", retry_count: 1 });
  });
});

describe("a photo import whose retries run out", () => {
  it("refuses the photos not reported as fetch_failed and ends with consistent counts", { timeout: 120_000 }, async () => {
    for (const worker of workers) await worker.stop();
    const images = await Promise.all([20, 60, 100, 140].map(photo));
    const jpeg = { "content-type": "image/jpeg" };
    const paths = ["/g.jpg", "/h.jpg", "/i.jpg", "/j.jpg"];
    paths.forEach((pathname, i) => server.route(pathname, sendBytes(images[i]!, jpeg)));
    const urls = paths.map((pathname) => `https://photos.test${pathname}`);

    // The only failure that makes the job's handler throw is one to record an outcome; a trigger
    // in this test's database refuses to record index 2 as anything but a failure, on every attempt.
    await sql(`
      CREATE FUNCTION refuse_index_2() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.index = 2 AND NEW.outcome <> 'failed' THEN RAISE EXCEPTION 'test: recording index 2 refused'; END IF;
        RETURN NEW;
      END $$`);
    await sql("CREATE TRIGGER refuse_index_2 BEFORE INSERT ON photo_import_photo FOR EACH ROW EXECUTE FUNCTION refuse_index_2()");
    try {
      await startWorker({ retryLimit: 1, retryDelaySeconds: 1 });
      const importId = await postPhotos("give-up", urls);
      const done = await waitForEnd("give-up", importId);

      expect(done).toEqual({
        workspace_id: workspaceId,
        property_id: "give-up",
        import_id: importId,
        state: "imported",
        accepted: 4,
        stored: 2,
        duplicates: 0,
        failed: [
          { index: 2, url: urls[2], reason: "fetch_failed" },
          { index: 3, url: urls[3], reason: "fetch_failed" },
        ],
      });
      expect(await storedHashes(importId)).toEqual(images.slice(0, 2).map(sha256).sort());
      expect(await setupOf("give-up")).toEqual({ count: 2, state: "imported" });
      // Index 2 once per attempt (the first and its one retry); index 3 never.
      expect(fetches(...paths)).toEqual({ "/g.jpg": 1, "/h.jpg": 1, "/i.jpg": 2, "/j.jpg": 0 });
      expect(await jobOf(importId)).toEqual({ state: "failed", retry_count: 1 });
      // Given up through the dead-letter queue, once.
      expect(await giveUpCompleted(importId)).toEqual([{ state: "completed" }]);
    } finally {
      await sql("DROP TRIGGER refuse_index_2 ON photo_import_photo; DROP FUNCTION refuse_index_2()");
    }
  });
});

describe("a photo import whose worker is killed on its last attempt", () => {
  it(
    "is given up by the next worker: the photos not reported are refused and the home is free again",
    { timeout: 120_000 },
    async () => {
      for (const worker of workers) await worker.stop();
      const images = await Promise.all([30, 70, 110, 150].map(photo));
      const [k, l, m, n] = images as [Buffer, Buffer, Buffer, Buffer];
      const jpeg = { "content-type": "image/jpeg" };
      const held = heldUntilReleased(m);
      server.route("/k.jpg", sendBytes(k, jpeg));
      server.route("/l.jpg", sendBytes(l, jpeg));
      server.route("/k-copy.jpg", sendBytes(k, jpeg));
      server.route("/m.jpg", held.route);
      server.route("/n.jpg", sendBytes(n, jpeg));
      const paths = ["/k.jpg", "/l.jpg", "/k-copy.jpg", "/m.jpg", "/n.jpg"];
      const urls = paths.map((pathname) => `https://photos.test${pathname}`);

      // No retry: the attempt the worker dies in is the job's last.
      const first = await startWorker({ expireInSeconds, retryLimit: 0 });
      // updateQueue changes only the fields it is given, so the dead-letter queue stays set.
      expect(
        await sql("SELECT retry_limit, expire_seconds, dead_letter FROM pgboss.queue WHERE name = 'import-baseline'"),
      ).toEqual([{ retry_limit: 0, expire_seconds: expireInSeconds, dead_letter: "import-baseline-given-up" }]);
      const importId = await postPhotos("last-attempt", urls);

      // The worker has recorded indexes 0-2 and is halfway through downloading index 3.
      await until("indexes 0-2 recorded and /m.jpg requested", async () =>
        (await outcomesOf(importId)).length === 3 && server.requests.includes("/m.jpg") ? true : undefined,
      );
      expect((await readImport("last-attempt", importId)).body).toMatchObject({
        state: "importing",
        accepted: 5,
        stored: 2,
        duplicates: 1,
      });
      await first.kill();

      // The web app's pg-boss maintenance fails the expired attempt for good and queues its give-up,
      // but only a worker runs give-ups: until one starts, the import stays importing and blocks the home.
      await until("the killed attempt to fail", async () => ((await jobOf(importId))?.state === "failed" ? true : undefined));
      expect(await giveUpJobsOf(importId)).toEqual([{ state: "created" }]);
      expect((await readImport("last-attempt", importId)).body.state).toBe("importing");
      expect(await setupOf("last-attempt")).toEqual({ count: 2, state: "importing" });
      const blocked = await call("POST", `${app!.baseUrl}${baselinePhotosPath("last-attempt")}`, {
        key,
        query: { workspace_id: workspaceId },
        body: { photos: urls.map((url) => ({ url })) },
      });
      expect(expectError(blocked, 409, "baseline_import_in_progress").detail).toEqual({ import_id: importId });

      await startWorker();
      const done = await waitForEnd("last-attempt", importId);

      // Photos were reported before the give-up, so `imported` and no `error`.
      expect(done).toEqual({
        workspace_id: workspaceId,
        property_id: "last-attempt",
        import_id: importId,
        state: "imported",
        accepted: 5,
        stored: 2,
        duplicates: 1,
        failed: [
          { index: 3, url: urls[3], reason: "fetch_failed" },
          { index: 4, url: urls[4], reason: "fetch_failed" },
        ],
      });
      expect(done.stored + done.duplicates + done.failed.length).toBe(done.accepted);
      expect(await outcomesOf(importId)).toEqual([
        { index: 0, outcome: "stored", reason: null },
        { index: 1, outcome: "stored", reason: null },
        { index: 2, outcome: "duplicate", reason: null },
        { index: 3, outcome: "failed", reason: "fetch_failed" },
        { index: 4, outcome: "failed", reason: "fetch_failed" },
      ]);
      expect(await storedHashes(importId)).toEqual([k, l].map(sha256).sort());
      expect(await setupOf("last-attempt")).toEqual({ count: 2, state: "imported" });
      // The give-up fetched nothing: the photo the worker died on once, the one after it never.
      expect(fetches(...paths)).toEqual({ "/k.jpg": 1, "/l.jpg": 1, "/k-copy.jpg": 1, "/m.jpg": 1, "/n.jpg": 0 });
      expect(await jobOf(importId)).toEqual({ state: "failed", retry_count: 0 });
      expect(await giveUpCompleted(importId)).toEqual([{ state: "completed" }]);

      // The home is free again: resending the same photos is accepted and stores only what was missing.
      held.release();
      const again = await postPhotos("last-attempt", urls);
      expect(await waitForEnd("last-attempt", again)).toMatchObject({
        state: "imported",
        accepted: 5,
        stored: 2,
        duplicates: 3,
        failed: [],
      });
      expect(await storedHashes(importId)).toEqual(images.map(sha256).sort());
      expect(await setupOf("last-attempt")).toEqual({ count: 4, state: "imported" });
      expect(await jobOf(again)).toEqual({ state: "completed", retry_count: 0 });
      expect(await giveUpJobsOf(again)).toEqual([]);
    },
  );
});
