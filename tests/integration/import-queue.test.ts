import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../lib/db/client";
import { enqueue } from "../../lib/queue/enqueue";
import { stopJobs } from "../../lib/queue/job-queue";
import { call } from "../support/api";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { runAdminJson } from "../support/cli";
import { runSql, useDatabase } from "../support/databases";
import { testAppEnv } from "../support/global-setup";
import { heldUntilReleased, sentAfter } from "../support/held-route";
import { type PhotoServer, sendBytes, startPhotoServer } from "../support/https-photo-server";
import { type PhotoWorkerProcess, type StartPhotoWorkerOptions, startPhotoWorker } from "../support/photo-import-worker-process";
import { until as pollUntil } from "../support/until";
import { baselinePhotosPath, type PhotoImportBody, photoImportPath } from "../fixtures/baseline-photos";
import { item, snapshot } from "../fixtures/roster";
import { createMigratedDatabase } from "../support/migrated-database";

/*
 * The import queue as production runs it, over real HTTP: a web-only app (RUN_WORKERS=false) on a
 * database of its own, and test worker processes (photo-import-worker.ts) that run the real
 * `import-baseline` job with fetch rules admitting only the local HTTPS photo server. Two partners:
 * the demo partner (A) and one made with the staff CLI (B).
 *  - A deadline pauses an import between photos; fresh jobs continue it to one end.
 *  - A second attempt of an import while the first runs is put back, not run beside it.
 *  - A partner's burst of imports does not hold back another partner's import.
 */

const env = { ...testAppEnv, JOB_MAINTENANCE_INTERVAL_SECONDS: "1" };
const workspaceA = "queue-a";
const workspaceB = "queue-b";
const fairHomes = ["fair-1", "fair-2", "fair-3", "fair-4", "fair-5"];

let databaseUrl: string;
let dataDir: string;
let app: AppProcess | undefined;
let server: PhotoServer;
let keyA: string;
let keyB: string;
let partnerA: string;
const workers: PhotoWorkerProcess[] = [];

const sql = (text: string, values: unknown[] = []) => runSql(databaseUrl, text, values);
const until = <T>(what: string, check: () => Promise<T | undefined>) => pollUntil(what, check, 60_000, 50);

async function startWorker(options: Partial<StartPhotoWorkerOptions> = {}) {
  const worker = await startPhotoWorker({ databaseUrl, dataDir, photoServer: server, env, ...options });
  workers.push(worker);
  return worker;
}

async function postPhotos(key: string, workspaceId: string, propertyId: string, paths: string[]): Promise<string> {
  const answer = await call<PhotoImportBody>("POST", `${app!.baseUrl}${baselinePhotosPath(propertyId)}`, {
    key,
    query: { workspace_id: workspaceId },
    body: { photos: paths.map((pathname) => ({ url: `https://photos.test${pathname}` })) },
  });
  expect(answer.status, answer.text).toBe(202);
  return answer.body.import_id;
}

async function waitForEnd(key: string, workspaceId: string, propertyId: string, importId: string): Promise<PhotoImportBody> {
  return until(`import ${importId} to end`, async () => {
    const answer = await call<PhotoImportBody>("GET", `${app!.baseUrl}${photoImportPath(propertyId, importId)}`, {
      key,
      query: { workspace_id: workspaceId },
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.state === "importing" ? undefined : answer.body;
  });
}

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  priority: number;
  output: Record<string, unknown> | null;
}

const jobsOf = async (importId: string) =>
  (await sql(
    `SELECT id, state::text, retry_count, retry_limit, priority, output FROM pgboss.job
     WHERE name = 'import-baseline' AND data->>'importId' = $1 ORDER BY created_on, id`,
    [importId],
  )) as JobRow[];
const jobById = async (id: string) =>
  (
    (await sql("SELECT id, state::text, retry_count, retry_limit, priority, output FROM pgboss.job WHERE id = $1", [
      id,
    ])) as JobRow[]
  )[0];

const requested = (pathname: string) => server.requests.includes(pathname);
const fetches = (...paths: string[]) =>
  Object.fromEntries(paths.map((pathname) => [pathname, server.requests.filter((seen) => seen === pathname).length]));

function photo(red: number): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: { r: red, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** A workspace with homes, through the API of an app whose workers apply rosters. */
async function provisionHomes(base: string, key: string, workspaceId: string, propertyIds: string[]): Promise<void> {
  const created = await call("POST", `${base}/v1/workspaces`, { key, body: { workspace_id: workspaceId, name: workspaceId } });
  expect(created.status, created.text).toBe(201);
  const pushed = await call("POST", `${base}/v1/roster-imports`, {
    key,
    query: { workspace_id: workspaceId },
    headers: { "idempotency-key": randomUUID() },
    body: snapshot(propertyIds.map((id) => item(id))),
  });
  expect(pushed.status, pushed.text).toBe(202);
  await until(`the roster of ${workspaceId} to apply`, async () => {
    const run = await call("GET", `${base}/v1/roster-imports/${String(pushed.body.import_id)}`, {
      key,
      query: { workspace_id: workspaceId },
    });
    return run.body.status === "applied" ? true : undefined;
  });
}

beforeAll(async () => {
  databaseUrl = await createMigratedDatabase("import_queue");
  dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-import-queue-"));
  server = await startPhotoServer();
  const provisioning = await startAppProcess({ databaseUrl, env, dataDir });
  try {
    keyA = JSON.parse(await readFile(path.join(dataDir, "demo-credentials.json"), "utf8")).api_key as string;
    // This process enqueues a duplicate job below, through the same queue client the app uses, and
    // runs the CLI in process, on the database its lib/db uses.
    await useDatabase(databaseUrl);
    const b = await runAdminJson<{ api_key: string }>(["partner", "create", "--name", "Partner B"], {
      DATABASE_URL: databaseUrl,
    });
    keyB = b.api_key;
    await provisionHomes(provisioning.baseUrl, keyA, workspaceA, ["deadline", "lease", ...fairHomes]);
    await provisionHomes(provisioning.baseUrl, keyB, workspaceB, ["fair-b"]);
  } finally {
    await provisioning.stop();
  }
  partnerA = (await sql("SELECT partner_id FROM workspace WHERE external_id = $1", [workspaceA]))[0]!.partner_id as string;
  // From here on only the test's worker processes run the import job.
  app = await startAppProcess({ databaseUrl, env: { ...env, RUN_WORKERS: "false" }, dataDir });
}, 180_000);

afterAll(async () => {
  await stopJobs();
  await closeDb();
  for (const worker of workers) await worker.stop();
  await app?.stop();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("an import that reaches its deadline", () => {
  it(
    "pauses between photos and continues in fresh jobs, ending once with every photo counted once",
    { timeout: 120_000 },
    async () => {
      // 6 photos of half a second each against a 1 s deadline: two or three photos per attempt.
      const worker = await startWorker({ deadlineSeconds: 1 });
      const images = await Promise.all([10, 40, 70, 100, 130, 160].map(photo));
      const paths = images.map((_, index) => `/deadline-${index}.jpg`);
      paths.forEach((pathname, index) => server.route(pathname, sentAfter(500, images[index]!)));

      const importId = await postPhotos(keyA, workspaceA, "deadline", paths);
      const done = await waitForEnd(keyA, workspaceA, "deadline", importId);

      expect(done).toEqual({
        workspace_id: workspaceA,
        property_id: "deadline",
        import_id: importId,
        state: "imported",
        accepted: 6,
        stored: 6,
        duplicates: 0,
        failed: [],
      });
      expect(fetches(...paths)).toEqual(Object.fromEntries(paths.map((pathname) => [pathname, 1])));
      const outcomes = await sql("SELECT index, outcome::text FROM photo_import_photo WHERE import_id = $1 ORDER BY index", [
        importId,
      ]);
      expect(outcomes).toEqual(paths.map((_, index) => ({ index, outcome: "stored" })));

      // One job per attempt, each continued by the next; none failed, none retried, none given up.
      const jobs = await jobsOf(importId);
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(jobs.map((job) => [job.state, job.retry_count])).toEqual(jobs.map(() => ["completed", 0]));
      jobs.slice(0, -1).forEach((job, index) => expect(job.output).toEqual({ continued_in: jobs[index + 1]!.id }));
      expect(jobs.at(-1)!.output).toBeNull();
      expect(
        await sql("SELECT 1 FROM pgboss.job WHERE name = 'import-baseline-given-up' AND data->>'importId' = $1", [importId]),
      ).toEqual([]);
      await worker.stop();
    },
  );
});

describe("a second attempt of an import while the first runs", () => {
  it("is put back to start later, keeping its retries, and never runs beside the first", { timeout: 120_000 }, async () => {
    const worker = await startWorker();
    const [first, second] = await Promise.all([photo(20), photo(50)]);
    const held = heldUntilReleased(second!);
    server.route("/lease-0.jpg", sendBytes(first!, { "content-type": "image/jpeg" }));
    server.route("/lease-1.jpg", held.route);
    const importId = await postPhotos(keyA, workspaceA, "lease", ["/lease-0.jpg", "/lease-1.jpg"]);
    await until("the first attempt to be fetching /lease-1.jpg", async () => (requested("/lease-1.jpg") ? true : undefined));

    // A second delivery of the same work, as a retry beside a late attempt would be.
    const duplicate = (await enqueue("import-baseline", { kind: "photos", importId, partnerId: partnerA }))!;
    const putBack = await until("the duplicate to be put back", async () => {
      const job = await jobById(duplicate);
      return job?.state === "completed" ? job : undefined;
    });
    expect(putBack).toMatchObject({
      retry_count: 0,
      output: { put_back_as: expect.any(String), reason: "work leased by another attempt" },
    });
    const copyId = putBack.output!.put_back_as as string;
    // Same place in the fair order, the same retries left, and not before a while.
    expect(await jobById(copyId)).toMatchObject({ state: "created", retry_count: 0, retry_limit: 3, priority: putBack.priority });
    // Nothing ran beside the first attempt.
    expect(fetches("/lease-0.jpg", "/lease-1.jpg")).toEqual({ "/lease-0.jpg": 1, "/lease-1.jpg": 1 });

    held.release();
    expect(await waitForEnd(keyA, workspaceA, "lease", importId)).toMatchObject({
      state: "imported",
      accepted: 2,
      stored: 2,
      failed: [],
    });
    // The copy's turn comes later: it finds the import ended and does nothing.
    const copy = await until("the copy to run", async () => {
      const job = await jobById(copyId);
      return job?.state === "completed" ? job : undefined;
    });
    expect(copy).toMatchObject({ retry_count: 0, output: null });
    expect(fetches("/lease-0.jpg", "/lease-1.jpg")).toEqual({ "/lease-0.jpg": 1, "/lease-1.jpg": 1 });
    expect((await jobsOf(importId)).map((job) => [job.state, job.retry_count])).toEqual([
      ["completed", 0],
      ["completed", 0],
      ["completed", 0],
    ]);
    await worker.stop();
  });
});

describe("one partner's burst of imports", () => {
  it(
    "does not hold back another partner's import: B's starts while A's backlog is still queued",
    { timeout: 120_000 },
    async () => {
      const worker = await startWorker();
      const images = await Promise.all([30, 60, 90, 120, 150, 180].map(photo));
      const helds = fairHomes.map((_, index) => heldUntilReleased(images[index]!));
      fairHomes.forEach((home, index) => server.route(`/${home}.jpg`, helds[index]!.route));
      server.route("/fair-b.jpg", sendBytes(images[5]!, { "content-type": "image/jpeg" }));

      // Partner A sends five imports; the worker's two slots take the first two, which hang on their photo.
      const imports: string[] = [];
      for (const home of fairHomes) imports.push(await postPhotos(keyA, workspaceA, home, [`/${home}.jpg`]));
      await until("A's first two imports to be fetching", async () =>
        requested("/fair-1.jpg") && requested("/fair-2.jpg") ? true : undefined,
      );
      expect(["/fair-3.jpg", "/fair-4.jpg", "/fair-5.jpg"].some(requested)).toBe(false);

      // Then partner B sends one.
      const importB = await postPhotos(keyB, workspaceB, "fair-b", ["/fair-b.jpg"]);
      const priorityOf = async (importId: string) => (await jobsOf(importId))[0]!.priority;
      const [a3, a4, a5, b] = await Promise.all([...imports.slice(2).map(priorityOf), priorityOf(importB)]);
      // First come, first served would start B after all of A's; its virtual start puts it ahead.
      expect(b).toBeGreaterThan(a3!);
      expect(a3).toBeGreaterThan(a4!);
      expect(a4).toBeGreaterThan(a5!);

      // A slot frees up: B's import takes it, ahead of A's third.
      helds[0]!.release();
      expect(await waitForEnd(keyB, workspaceB, "fair-b", importB)).toMatchObject({ state: "imported", stored: 1 });
      const order = server.requests.filter((pathname) => pathname.startsWith("/fair-"));
      expect(order.indexOf("/fair-b.jpg")).toBeLessThan(order.includes("/fair-3.jpg") ? order.indexOf("/fair-3.jpg") : Infinity);
      expect(["/fair-4.jpg", "/fair-5.jpg"].some(requested)).toBe(false);

      // A's backlog then drains, each photo fetched once.
      for (const held of helds) held.release();
      for (const [index, home] of fairHomes.entries()) {
        expect(await waitForEnd(keyA, workspaceA, home, imports[index]!)).toMatchObject({ state: "imported", stored: 1 });
      }
      const paths = [...fairHomes.map((home) => `/${home}.jpg`), "/fair-b.jpg"];
      expect(fetches(...paths)).toEqual(Object.fromEntries(paths.map((pathname) => [pathname, 1])));
      await worker.stop();
    },
  );
});
