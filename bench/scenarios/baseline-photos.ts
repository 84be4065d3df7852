import { randomUUID } from "node:crypto";
import pg from "pg";
import sharp from "sharp";
import { type PhotoServer, sendBytes, startPhotoServer } from "../../tests/support/https-photo-server";
import { type PhotoWorkerProcess, startPhotoWorker } from "../../tests/support/photo-import-worker-process";
import { ApiClient, pollRun, provision, pushRoster, seedPartner, sleep } from "../api-client";
import { type BenchContext, envInt, median, type ReportRow, type Scenario } from "../harness";
import { cpuSeconds, peakRssMiB, rssMiB } from "../processes";
import { rosterItems, snapshotBody } from "../roster-data";

const photoCount = 25;
/** 100 megapixels, the spec's limit, as a 10000x10000 image. */
const largeSide = 10_000;
/** Spec: 15 MB per photo; the fetcher reads it as 15 MiB. */
const maxPhotoBytes = 15 * 1024 * 1024;
const workspaceId = "bench-photos";
// High enough to admit everything: the limiters still run on each request but never refuse.
const appEnv: Record<string, string> = {
  RATE_LIMIT_GENERAL: "1000000000",
  RATE_LIMIT_ROSTER_IMPORT: "1000000000",
  RATE_LIMIT_WORKSPACE_CREATE: "1000000000",
  LOG_LEVEL: "info",
};

/**
 * `count` distinct JPEGs of a phone camera's shape (4000x3000, quality 90, about 4.9 MB): windows
 * of one Gaussian-noise image at different offsets, so each has its own bytes and hash but
 * costs one JPEG encode to make, not a fresh noise field.
 */
async function makePhotos(count: number): Promise<Buffer[]> {
  const [width, height] = [4000, 3000];
  const noise = { type: "gaussian" as const, mean: 128, sigma: 16 };
  const field = await sharp({ create: { width: width + count, height, channels: 3, background: "#808080", noise } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: field.info.width, height, channels: 3 as const };
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    photos.push(await sharp(field.data, { raw }).extract({ left: i, top: 0, width, height }).jpeg({ quality: 90 }).toBuffer());
  }
  return photos;
}

interface LargeImage {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A 100-megapixel WebP and a 100-megapixel progressive JPEG, each under 15 MiB so the fetcher
 * accepts them: a smooth field (noise blown up 10x) compresses well, and the quality steps down
 * until the bytes fit. These are the decodes that cost the most memory per byte sent.
 */
async function makeLargeImages(): Promise<LargeImage[]> {
  const seed = await sharp({
    create: {
      width: largeSide / 10,
      height: largeSide / 10,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const field = () => sharp(seed).resize(largeSide, largeSide, { kernel: "cubic" });
  const encode = async (name: string, contentType: string, at: (quality: number) => Promise<Buffer>) => {
    for (let quality = 80; quality >= 30; quality -= 10) {
      const bytes = await at(quality);
      if (bytes.length <= maxPhotoBytes) return { name, contentType, bytes };
    }
    throw new Error(`could not make ${name} under ${maxPhotoBytes} bytes`);
  };
  return [
    await encode("webp-100mp.webp", "image/webp", (quality) => field().webp({ quality, effort: 0 }).toBuffer()),
    await encode("progressive-100mp.jpg", "image/jpeg", (quality) => field().jpeg({ quality, progressive: true }).toBuffer()),
  ];
}

/** The workspace and its homes through the API, with an app whose workers apply the roster; then it stops. */
async function provisionHomes(ctx: BenchContext, databaseUrl: string, apiKey: string, homes: number): Promise<string[]> {
  const app = await ctx.startApp(databaseUrl, appEnv);
  const client = new ApiClient(app.baseUrl, apiKey);
  try {
    await provision(client, workspaceId);
    const items = rosterItems(homes, "home");
    const accepted = await pushRoster(client, workspaceId, randomUUID(), snapshotBody(items));
    const run = await pollRun(client, workspaceId, accepted.body.import_id as string, 50);
    if (run.body.status !== "applied") throw new Error(`roster ended ${run.body.status}: ${JSON.stringify(run.body.error)}`);
    return items.map((item) => item.property_id);
  } finally {
    client.close();
    await app.stop();
  }
}

interface ImportSample {
  /** From the 202's last byte to the poll answer that read `imported` (polled every 20 ms). */
  importMs: number;
  /** The import row's `finished_at - created_at`: includes pg-boss picking the job up (polls every 0.5 s). */
  serverMs: number;
  /** CPU seconds of the worker process tree during the import. */
  workerCpuS: number;
}

async function serverMs(databaseUrl: string, importId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ms: string }>(
      "SELECT extract(epoch FROM finished_at - created_at) * 1000 AS ms FROM photo_import WHERE id = $1",
      [importId],
    );
    return Number(rows[0]?.ms);
  } finally {
    await client.end();
  }
}

/** One import of `urls` into a home that holds no photo yet: every photo must end `stored`. */
async function importOnce(
  client: ApiClient,
  databaseUrl: string,
  worker: PhotoWorkerProcess,
  home: string,
  urls: string[],
): Promise<ImportSample> {
  const path = `/v1/properties/${encodeURIComponent(home)}/baseline-photos`;
  const cpuBefore = await cpuSeconds(worker.pid);
  const body = JSON.stringify({ photos: urls.map((url) => ({ url })) });
  const accepted = await client.expect(202, "POST", path, { query: { workspace_id: workspaceId }, body });
  const importId = accepted.body.import_id as string;
  for (;;) {
    const answer = await client.expect(200, "GET", `${path}/imports/${importId}`, { query: { workspace_id: workspaceId } });
    if (answer.body.state !== "importing") {
      if (answer.body.state !== "imported" || answer.body.stored !== urls.length) {
        throw new Error(`import ${importId} ended ${JSON.stringify(answer.body).slice(0, 500)}`);
      }
      const workerCpuS = (await cpuSeconds(worker.pid)) - cpuBefore;
      return { importMs: answer.endedAt - accepted.endedAt, serverMs: await serverMs(databaseUrl, importId), workerCpuS };
    }
    if (answer.endedAt - accepted.endedAt > 300_000) throw new Error(`import ${importId} still importing after 5 minutes`);
    await sleep(20);
  }
}

interface MemorySample {
  photos: number;
  baselineHwm: number;
  peakHwm: number;
  sampledRss: number;
}

/** A fresh worker (VmHWM only resets with a new process): its baseline, one import, its peak. */
async function measureMemory(
  ctx: BenchContext,
  start: () => Promise<PhotoWorkerProcess>,
  run: (worker: PhotoWorkerProcess) => Promise<unknown>,
  photos: number,
): Promise<MemorySample> {
  const worker = await start();
  try {
    await sleep(500);
    const baselineHwm = await peakRssMiB(worker.pid);
    let sampledRss = await rssMiB(worker.pid);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        sampledRss = Math.max(sampledRss, await rssMiB(worker.pid));
        await sleep(20);
      }
    })();
    try {
      await run(worker);
    } finally {
      sampling = false;
      await sampler;
    }
    const sample = { photos, baselineHwm, peakHwm: await peakRssMiB(worker.pid), sampledRss };
    ctx.log(
      `memory, ${photos} photo(s): VmHWM ${Math.round(baselineHwm)} -> ${Math.round(sample.peakHwm)} MiB, sampled RSS max ${Math.round(sampledRss)} MiB`,
    );
    return sample;
  } finally {
    await worker.stop();
  }
}

interface LargeSample {
  label: string;
  baselineHwm: number;
  peakHwm: number;
  /** Slowest import of the case, 202 -> imported. */
  importMs: number;
}

/**
 * One case of the large-image runs on a fresh worker: the imports are POSTed together (the job
 * runs 2 at a time per worker), so two 100 MP decodes may overlap unless something stops them.
 */
async function measureLarge(
  ctx: BenchContext,
  start: () => Promise<PhotoWorkerProcess>,
  label: string,
  imports: { home: string; url: string }[],
  client: ApiClient,
  databaseUrl: string,
): Promise<LargeSample> {
  const worker = await start();
  try {
    await sleep(500);
    const baselineHwm = await peakRssMiB(worker.pid);
    const samples = await Promise.all(imports.map(({ home, url }) => importOnce(client, databaseUrl, worker, home, [url])));
    const sample = {
      label,
      baselineHwm,
      peakHwm: await peakRssMiB(worker.pid),
      importMs: Math.max(...samples.map((s) => s.importMs)),
    };
    ctx.log(
      `large, ${label}: VmHWM ${Math.round(baselineHwm)} -> ${Math.round(sample.peakHwm)} MiB, ${Math.round(sample.importMs)} ms`,
    );
    return sample;
  } finally {
    await worker.stop();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

function row(measurement: string, values: number[], unit: string): ReportRow {
  return {
    measurement,
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    unit,
    "by rep": values.map((value) => (value >= 100 ? Math.round(value) : round(value))).join(" / "),
  };
}

async function run(ctx: BenchContext): Promise<void> {
  const reps = envInt("BENCH_REPS", 3, 1, 20);
  const warmups = envInt("BENCH_WARMUP_REPS", 1, 0, 5);
  const memoryRuns = envInt("BENCH_MEMORY_RUNS", 1, 0, 5);
  const largeRuns = envInt("BENCH_LARGE_RUNS", 1, 0, 5);

  const started = Date.now();
  const photos = await makePhotos(photoCount);
  const totalBytes = photos.reduce((sum, photo) => sum + photo.length, 0);
  ctx.log(
    `${photoCount} JPEGs 4000x3000, ${(totalBytes / photoCount / 1e6).toFixed(2)} MB each on average, made in ${Date.now() - started} ms`,
  );
  const server: PhotoServer = await startPhotoServer();
  ctx.onCleanup(() => server.close());
  photos.forEach((photo, i) => server.route(`/photo-${i}.jpg`, sendBytes(photo, { "content-type": "image/jpeg" })));
  const urls = photos.map((_photo, i) => `https://photos.test/photo-${i}.jpg`);
  const large = largeRuns > 0 ? await makeLargeImages() : [];
  for (const image of large) {
    ctx.log(`${image.name}: ${largeSide}x${largeSide}, ${(image.bytes.length / 2 ** 20).toFixed(1)} MiB`);
    server.route(`/${image.name}`, sendBytes(image.bytes, { "content-type": image.contentType }));
  }
  const largeUrl = (image: LargeImage) => `https://photos.test/${image.name}`;
  const largeCases =
    large.length === 0
      ? []
      : [...large.map((image) => [image.name, [image]] as const), ["both at once, in two imports", large] as const];
  const largeHomes = largeCases.reduce((sum, [, images]) => sum + images.length, 0) * largeRuns;

  const databaseUrl = await ctx.createDatabase("bench_photos");
  const apiKey = await seedPartner(databaseUrl);
  const homes = await provisionHomes(ctx, databaseUrl, apiKey, warmups + reps + memoryRuns * 2 + largeHomes);
  // Web only from here: the test worker (production job code, local fetch rules) does the imports.
  const app = await ctx.startApp(databaseUrl, { ...appEnv, RUN_WORKERS: "false" });
  const client = new ApiClient(app.baseUrl, apiKey);
  ctx.onCleanup(() => client.close());
  const startWorker = async () => {
    const worker = await startPhotoWorker({ databaseUrl, dataDir: app.dataDir, photoServer: server });
    ctx.onCleanup(() => worker.stop());
    return worker;
  };

  const worker = await startWorker();
  await sleep(500);
  const workerBaseline = await peakRssMiB(worker.pid);
  const samples: ImportSample[] = [];
  for (let rep = 0; rep < warmups + reps; rep++) {
    const sample = await importOnce(client, databaseUrl, worker, homes[rep]!, urls);
    ctx.log(
      `${rep < warmups ? "warm-up" : `rep ${rep - warmups + 1}`}: imported ${Math.round(sample.importMs)} ms after the 202 ` +
        `(server ${Math.round(sample.serverMs)} ms), worker CPU ${sample.workerCpuS.toFixed(1)} s, worker VmHWM ${Math.round(await peakRssMiB(worker.pid))} MiB`,
    );
    if (rep >= warmups) samples.push(sample);
  }
  const workerPeak = await peakRssMiB(worker.pid);
  await worker.stop();

  const memory: MemorySample[] = [];
  let next = warmups + reps;
  for (let i = 0; i < memoryRuns; i++) {
    for (const count of [1, photoCount]) {
      const home = homes[next++]!;
      memory.push(
        await measureMemory(
          ctx,
          startWorker,
          (fresh) => importOnce(client, databaseUrl, fresh, home, urls.slice(0, count)),
          count,
        ),
      );
    }
  }

  const largeSamples: LargeSample[] = [];
  for (let i = 0; i < largeRuns; i++) {
    for (const [label, images] of largeCases) {
      const imports = images.map((image) => ({ home: homes[next++]!, url: largeUrl(image) }));
      largeSamples.push(await measureLarge(ctx, startWorker, label, imports, client, databaseUrl));
    }
  }

  const mb = totalBytes / 1e6;
  await ctx.report(
    [
      row(
        `${photoCount} photos (${mb.toFixed(0)} MB): 202 -> imported (client, 20 ms polls)`,
        samples.map((s) => s.importMs),
        "ms",
      ),
      row(
        "finished_at - created_at (server, includes job pickup)",
        samples.map((s) => s.serverMs),
        "ms",
      ),
      row(
        "per photo (202 -> imported / 25)",
        samples.map((s) => s.importMs / photoCount),
        "ms",
      ),
      row(
        "throughput",
        samples.map((s) => (photoCount * 1000) / s.importMs),
        "photos/s",
      ),
      row(
        "throughput",
        samples.map((s) => (mb * 1000) / s.importMs),
        "MB/s",
      ),
      row(
        "worker CPU per photo (/proc, 10 ms ticks)",
        samples.map((s) => (s.workerCpuS * 1000) / photoCount),
        "ms",
      ),
    ],
    {
      title: `POST /v1/properties/{id}/baseline-photos, ${photoCount} JPEGs of ~${(mb / photoCount).toFixed(1)} MB from a local HTTPS server (median of ${reps} reps after ${warmups} warm-up; new home each rep)`,
      notes: [
        "the app is web-only (RUN_WORKERS=false); tests/support/photo-import-worker.ts runs the production job with fetch rules admitting only 127.0.0.1",
        "each photo: fetch over TLS to a temp file (hashed), magic bytes, every byte decoded (sharp, shrink-on-load, in the process's decode budget), stream to local-disk media, one transaction",
        `worker VmHWM: ${Math.round(workerBaseline)} MiB before the first import, ${Math.round(workerPeak)} MiB after ${warmups + reps} imports of ${photoCount}`,
      ],
    },
  );
  if (memory.length > 0) {
    await ctx.report(
      memory.map((sample) => ({
        "photos in the import": sample.photos,
        "baseline VmHWM MiB": Math.round(sample.baselineHwm),
        "VmHWM after import MiB": Math.round(sample.peakHwm),
        "delta MiB": Math.round(sample.peakHwm - sample.baselineHwm),
        "max sampled RSS MiB": Math.round(sample.sampledRss),
      })),
      {
        title: "Peak memory of a fresh photo worker (largest process in its tree) around one import of 1 vs 25 photos",
        notes: [
          `a job holding whole photos would add at least ${Math.round(totalBytes / 2 ** 20)} MiB (the batch's bytes) more for 25 than for 1`,
          "the 1-photo delta includes one-time costs of the first import (Prisma's first queries, a TLS context, libvips decode buffers)",
          "baseline: 500 ms after the worker is ready; max sampled RSS: VmRSS read every 20 ms during the import",
        ],
      },
    );
  }
  if (largeSamples.length > 0) {
    await ctx.report(
      largeSamples.map((sample) => ({
        "100 MP image(s) imported": sample.label,
        "baseline VmHWM MiB": Math.round(sample.baselineHwm),
        "VmHWM after MiB": Math.round(sample.peakHwm),
        "delta MiB": Math.round(sample.peakHwm - sample.baselineHwm),
        "slowest 202 -> imported ms": Math.round(sample.importMs),
      })),
      {
        title: `Peak memory of a fresh photo worker importing ${largeSide}x${largeSide} images under 15 MiB (fetch, full-decode check, store)`,
        notes: [
          `sizes: ${large.map((image) => `${image.name} ${(image.bytes.length / 2 ** 20).toFixed(1)} MiB`).join(", ")}`,
          '"both at once": two imports POSTed together, one image each; the worker runs 2 imports at a time',
        ],
      },
    );
  }
}

const scenario: Scenario = {
  name: "baseline-photos",
  description: `a baseline photo import of ${photoCount} ~5 MB JPEGs from a local HTTPS server: time to imported, throughput, worker peak memory; and 100 MP WebP / progressive JPEG imports: worker peak memory`,
  run,
};

export default scenario;
