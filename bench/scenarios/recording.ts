import { execFile, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rename, stat } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { ApiClient, pollRun, provision, pushRoster, seedPartner, sleep, waitForActivation } from "../api-client";
import { type BenchContext, envInt, type ReportRow, type Scenario } from "../harness";
import { cpuSeconds, peakRssMiB } from "../processes";
import { rosterItems, snapshotBody } from "../roster-data";

/*
 * A cleaner's walkthrough, uploaded and sealed: 720p recordings of 2 and 10 minutes at about
 * 2 Mbit/s, made once with ffmpeg (not timed) and kept in the temp folder. Each is uploaded over
 * loopback as a phone does (3-second parts, one at a time, each with its SHA-256) into a fresh
 * app, then sealed: the WebM as Chromium records it (transcoded to H.264), the fragmented H.264
 * MP4 as iOS records it (remuxed).
 */

const run = promisify(execFile);
const partBytes = 750_000; // about 3 s at 2 Mbit/s
const fixturesDir = path.join(tmpdir(), "walkthrough-bench-recordings-v1");
const home = rosterItems(1)[0]!.property_id;

type Format = "webm" | "mp4";

/** A 720p recording of `seconds`, made once per machine. */
async function recording(seconds: number, format: Format, log: (line: string) => void): Promise<string> {
  const file = path.join(fixturesDir, `walk-${seconds}s.${format}`);
  if (existsSync(file)) return file;
  await mkdir(fixturesDir, { recursive: true });
  log(`making a ${seconds} s 720p ${format} recording with ffmpeg (not timed; kept in ${fixturesDir})`);
  const inputs = ["-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=24:duration=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`];
  const codec =
    format === "webm"
      ? ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "2M", "-c:a", "libopus", "-f", "webm"]
      : ["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "2M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov+default_base_moof", "-f", "mp4"];
  const draft = `${file}.${process.pid}.part`;
  if (format === "webm") {
    // Through a pipe, as MediaRecorder writes it: no duration, no cues.
    const child = spawn("ffmpeg", ["-nostdin", "-loglevel", "error", ...inputs, ...codec, "pipe:1"], { stdio: ["ignore", "pipe", "inherit"] });
    await pipeline(child.stdout, createWriteStream(draft));
  } else {
    await run("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", ...inputs, ...codec, draft]);
  }
  await rename(draft, file);
  return file;
}

function putPart(agent: http.Agent, url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "PUT", agent, headers: { ...headers, "content-length": body.length } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

interface Walk {
  recordingUrl: string;
  itemIds: string[];
}

async function newWalk(client: ApiClient, workspaceId: string): Promise<Walk> {
  const link = await client.expect(200, "GET", "/v1/recording-link", { query: { workspace_id: workspaceId, task_id: randomUUID(), property_id: home } });
  const url = link.body.recording_url as string;
  const opened = await fetch(`${url}/api/open`, { method: "POST" });
  const session = (await opened.json()) as { checklist: { items: { id: string }[] }[] };
  return { recordingUrl: url, itemIds: session.checklist.flatMap((section) => section.items.map((entry) => entry.id)) };
}

interface Ingest {
  seconds: number;
  bytes: number;
  parts: { part_number: number; sha256: string }[];
  cpuSeconds: number;
}

/** Uploads the recording as a phone does: parts of ~3 s, one after another, each with its digest. */
async function ingest(walk: Walk, file: string, format: Format, appPid: number): Promise<Ingest> {
  const bytes = await readFile(file);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = new URL(walk.recordingUrl);
  const parts: Ingest["parts"] = [];
  const cpuBefore = await cpuSeconds(appPid);
  const started = performance.now();
  for (let at = 0, n = 1; at < bytes.length; at += partBytes, n++) {
    const body = bytes.subarray(at, at + partBytes);
    const sha256 = createHash("sha256").update(body).digest("hex");
    const status = await putPart(agent, `http://127.0.0.1:${base.port}${base.pathname}/api/parts/${n}`, body, {
      "content-type": format === "webm" ? "video/webm;codecs=vp8,opus" : "video/mp4",
      "x-part-sha256": sha256,
      "x-recording-run": "0",
      "x-recording-source": "camera",
    });
    if (status !== 201) throw new Error(`part ${n}: ${status}`);
    parts.push({ part_number: n, sha256 });
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(appPid)) - cpuBefore;
  agent.destroy();
  return { seconds, bytes: bytes.length, parts, cpuSeconds: cpu };
}

/** Taps spread over the recording, Done, and the seal timed from Done's answer to `sealed`. */
async function seal(walk: Walk, upload: Ingest, lengthSeconds: number): Promise<number> {
  const events = walk.itemIds.map((id, index) => ({ seq: index + 1, item_id: id, action: "check", run: 0, run_seconds: ((index + 1) * lengthSeconds) / (walk.itemIds.length + 1) }));
  await fetch(`${walk.recordingUrl}/api/checklist-events`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ events }) });
  const done = await fetch(`${walk.recordingUrl}/api/finish`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ parts: upload.parts, events_seq: events.length }),
  });
  if (done.status !== 202) throw new Error(`finish: ${done.status} ${await done.text()}`);
  const started = performance.now();
  for (;;) {
    const state = (await (await fetch(`${walk.recordingUrl}/api/state`)).json()) as { state: string };
    if (state.state === "sealed") return (performance.now() - started) / 1000;
    if (state.state === "failed") throw new Error("the seal failed");
    await sleep(100);
  }
}

async function freshApp(ctx: BenchContext, label: string) {
  const databaseUrl = await ctx.createDatabase(`bench_rec_${label}`);
  const apiKey = await seedPartner(databaseUrl);
  const app = await ctx.startApp(databaseUrl, { RATE_LIMIT_GENERAL: "1000000000", RATE_LIMIT_RECORDER: "1000000000", LOG_LEVEL: "info" });
  const client = new ApiClient(app.baseUrl, apiKey);
  ctx.onCleanup(() => client.close());
  const workspaceId = "bench-recording";
  await provision(client, workspaceId);
  const accepted = await pushRoster(client, workspaceId, randomUUID(), snapshotBody(rosterItems(1)));
  await pollRun(client, workspaceId, accepted.body.import_id as string, 20);
  await waitForActivation(client, workspaceId);
  await client.expect(200, "PUT", `/v1/properties/${encodeURIComponent(home)}/checklist`, {
    query: { workspace_id: workspaceId },
    body: JSON.stringify({ items: ["Kitchen", "Bedroom", "Bathroom"].map((name) => ({ name })) }),
  });
  return { app, client, workspaceId };
}

const mb = (bytes: number) => bytes / 1e6;

async function measure(ctx: BenchContext, seconds: number, format: Format, withSeal: boolean): Promise<ReportRow> {
  const file = await recording(seconds, format, (line) => ctx.log(line));
  const { app, client, workspaceId } = await freshApp(ctx, `${format}${seconds}`);
  const walk = await newWalk(client, workspaceId);
  const baseline = await peakRssMiB(app.pid);
  const upload = await ingest(walk, file, format, app.pid);
  const afterIngest = await peakRssMiB(app.pid);
  const sealSeconds = withSeal ? await seal(walk, upload, seconds) : undefined;
  const row: ReportRow = {
    recording: `${seconds / 60} min 720p ${format}`,
    MB: Math.round(mb(upload.bytes)),
    parts: upload.parts.length,
    "ingest s": Math.round(upload.seconds * 10) / 10,
    "ingest MB/s": Math.round(mb(upload.bytes) / upload.seconds),
    "server CPU ms/MB": Math.round((upload.cpuSeconds * 1000) / mb(upload.bytes)),
    "VmHWM before MiB": Math.round(baseline),
    "VmHWM after ingest MiB": Math.round(afterIngest),
    "seal s": sealSeconds === undefined ? undefined : Math.round(sealSeconds * 10) / 10,
    "x real time": sealSeconds === undefined ? undefined : Math.round((seconds / sealSeconds) * 10) / 10,
  };
  ctx.log(JSON.stringify(row));
  // The seal's own account of its steps (lib/recording/seal-recording.ts), from the app's log.
  const sealed = (await readFile(app.logFile, "utf8")).split("\n").filter((line) => line.includes('"walkthrough sealed"'));
  for (const line of sealed) ctx.log(`seal steps: ${line.replace(/.*"inspectionId":"[^"]+",/, "").replace(/,"msg".*/, "")}`);
  await app.stop();
  return row;
}

async function runScenario(ctx: BenchContext): Promise<void> {
  const long = envInt("BENCH_RECORDING_SECONDS", 600, 30, 3600);
  // BENCH_RECORDING_ROWS=mp4 (say) measures only some rows: short-webm, webm, mp4.
  const only = (process.env.BENCH_RECORDING_ROWS ?? "short-webm,webm,mp4").split(",");
  const rows: ReportRow[] = [];
  if (only.includes("short-webm")) rows.push(await measure(ctx, 120, "webm", false));
  if (only.includes("webm")) rows.push(await measure(ctx, long, "webm", true));
  if (only.includes("mp4")) rows.push(await measure(ctx, long, "mp4", true));
  const size = (await stat(path.join(fixturesDir, `walk-${long}s.mp4`))).size;
  await ctx.report(rows, {
    title: `Recording: upload as a phone does (${partBytes / 1000} KB parts, one at a time, over loopback), then the seal`,
    notes: [
      "each row on a fresh app (VmHWM is per process); server CPU = the app process tree, web and worker in one process",
      "seal s: from Done's 202 to state sealed: parts joined, ffmpeg (remux for H.264 MP4, libx264 veryfast transcode for WebM), the MP4 stored, 3 stills cut",
      `targets: a ${long / 60}-minute MP4 seals in under 5 s; memory does not grow with the recording's length (2 min vs ${long / 60} min rows)`,
      `the ${long / 60}-minute MP4 is ${Math.round(size / 1e6)} MB; recordings are testsrc2 + a tone made by ffmpeg, kept in ${fixturesDir}`,
    ],
  });
}

const scenario: Scenario = {
  name: "recording",
  description: "a 10-minute 720p walkthrough uploaded in parts (MB/s, CPU per MB, peak RSS) and sealed as MP4 (remux) and WebM (transcode)",
  run: runScenario,
};

export default scenario;
