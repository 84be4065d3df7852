import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { type BenchContext, envInt, type ReportRow, type Scenario } from "../harness";
import { peakRssMiB } from "../processes";
import { type Format, fixturesDir, freshApp, ingest, newWalk, partBytes, recording, seal } from "../walkthrough-kit";

/*
 * A cleaner's walkthrough, uploaded and sealed: 720p recordings of 2 and 10 minutes at about
 * 2 Mbit/s, made once with ffmpeg (not timed) and kept in the temp folder. Each is uploaded over
 * loopback as a phone does (3-second parts, one at a time, each with its SHA-256) into a fresh
 * app, then sealed: the WebM as Chromium records it (transcoded to H.264), the fragmented H.264
 * MP4 as iOS records it (remuxed).
 */

const mb = (bytes: number) => bytes / 1e6;

async function measure(ctx: BenchContext, seconds: number, format: Format, withSeal: boolean): Promise<ReportRow> {
  const file = await recording(seconds, format, (line) => ctx.log(line));
  const { app, client, workspaceId } = await freshApp(ctx, `rec_${format}${seconds}`);
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
  description:
    "a 10-minute 720p walkthrough uploaded in parts (MB/s, CPU per MB, peak RSS) and sealed as MP4 (remux) and WebM (transcode)",
  run: runScenario,
};

export default scenario;
