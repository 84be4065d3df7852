// A cleaner's walkthrough in the bench: recordings made once with ffmpeg, uploaded over
// loopback as a phone does, sealed; shared by the recording and analysis scenarios.
import { execFile, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rename } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { ApiClient, pollRun, provision, pushRoster, seedPartner, sleep, waitForActivation } from "./api-client";
import type { BenchContext } from "./harness";
import { cpuSeconds } from "./processes";
import { rosterItems, snapshotBody } from "./roster-data";

const run = promisify(execFile);
export const partBytes = 750_000; // about 3 s at 2 Mbit/s
export const fixturesDir = path.join(tmpdir(), "walkthrough-bench-recordings-v1");
const home = rosterItems(1)[0]!.property_id;

export type Format = "webm" | "mp4";

/**
 * A 720p recording of `seconds`, made once per machine: ffmpeg's test pattern, or with `busy` a
 * game of life whose every frame differs (as a camera carried through a home does), for analysis.
 */
export async function recording(seconds: number, format: Format, log: (line: string) => void, busy = false): Promise<string> {
  const file = path.join(fixturesDir, `walk-${seconds}s${busy ? "-busy" : ""}.${format}`);
  if (existsSync(file)) return file;
  await mkdir(fixturesDir, { recursive: true });
  log(`making a ${seconds} s 720p ${format} recording with ffmpeg (not timed; kept in ${fixturesDir})`);
  const picture = busy
    ? "life=s=1280x720:r=24:seed=7:ratio=0.2:mold=8:life_color=#d0c8b0:death_color=#302820:mold_color=#806040"
    : `testsrc2=size=1280x720:rate=24:duration=${seconds}`;
  const inputs = [
    "-f",
    "lavfi",
    "-t",
    String(seconds),
    "-i",
    picture,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
  ];
  const codec =
    format === "webm"
      ? ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "2M", "-c:a", "libopus", "-f", "webm"]
      : [
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-b:v",
          "2M",
          "-pix_fmt",
          "yuv420p",
          "-c:a",
          "aac",
          "-movflags",
          "frag_keyframe+empty_moov+default_base_moof",
          "-f",
          "mp4",
        ];
  const draft = `${file}.${process.pid}.part`;
  if (format === "webm") {
    // Through a pipe, as MediaRecorder writes it: no duration, no cues.
    const child = spawn("ffmpeg", ["-nostdin", "-loglevel", "error", ...inputs, ...codec, "pipe:1"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await pipeline(child.stdout, createWriteStream(draft));
  } else {
    await run("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", ...inputs, ...codec, draft]);
  }
  await rename(draft, file);
  return file;
}

function putPart(agent: http.Agent, url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "PUT", agent, headers: { ...headers, "content-length": body.length } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

export interface Walk {
  taskId: string;
  recordingUrl: string;
  itemIds: string[];
}

export async function newWalk(client: ApiClient, workspaceId: string): Promise<Walk> {
  const taskId = randomUUID();
  const link = await client.expect(200, "GET", "/v1/recording-link", {
    query: { workspace_id: workspaceId, task_id: taskId, property_id: home },
  });
  const url = link.body.recording_url as string;
  const opened = await fetch(`${url}/api/open`, { method: "POST" });
  const session = (await opened.json()) as { checklist: { items: { id: string }[] }[] };
  return { taskId, recordingUrl: url, itemIds: session.checklist.flatMap((section) => section.items.map((entry) => entry.id)) };
}

export interface Ingest {
  seconds: number;
  bytes: number;
  parts: { part_number: number; sha256: string }[];
  cpuSeconds: number;
}

/** Uploads the recording as a phone does: parts of ~3 s, one after another, each with its digest. */
export async function ingest(walk: Walk, file: string, format: Format, appPid: number): Promise<Ingest> {
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
export async function seal(walk: Walk, upload: Ingest, lengthSeconds: number): Promise<number> {
  const events = walk.itemIds.map((id, index) => ({
    seq: index + 1,
    item_id: id,
    action: "check",
    run: 0,
    run_seconds: ((index + 1) * lengthSeconds) / (walk.itemIds.length + 1),
  }));
  await fetch(`${walk.recordingUrl}/api/checklist-events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ events }),
  });
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

/** A fresh app with one home in service and a checklist of `items`; `env` adds settings (a provider). */
export async function freshApp(
  ctx: BenchContext,
  label: string,
  env: Record<string, string> = {},
  items = ["Kitchen", "Bedroom", "Bathroom"],
) {
  const databaseUrl = await ctx.createDatabase(`bench_${label}`);
  const apiKey = await seedPartner(databaseUrl);
  const app = await ctx.startApp(databaseUrl, {
    RATE_LIMIT_GENERAL: "1000000000",
    RATE_LIMIT_RECORDER: "1000000000",
    LOG_LEVEL: "info",
    ...env,
  });
  const client = new ApiClient(app.baseUrl, apiKey);
  ctx.onCleanup(() => client.close());
  const workspaceId = "bench-recording";
  await provision(client, workspaceId);
  const accepted = await pushRoster(client, workspaceId, randomUUID(), snapshotBody(rosterItems(1)));
  await pollRun(client, workspaceId, accepted.body.import_id as string, 20);
  await waitForActivation(client, workspaceId);
  await client.expect(200, "PUT", `/v1/properties/${encodeURIComponent(home)}/checklist`, {
    query: { workspace_id: workspaceId },
    body: JSON.stringify({ items: items.map((name) => ({ name })) }),
  });
  return { app, client, workspaceId, databaseUrl };
}
