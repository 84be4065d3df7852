import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type BenchContext, envInt, median, type Scenario } from "../harness";
import { rssMiB } from "../processes";
import { verifyInBrowser } from "../verify-in-browser";
import { freshApp, ingest, newWalk, recording, seal } from "../walkthrough-kit";

/*
 * Issue 27's evidence: what signing costs a seal (the recording record and its home-chain link,
 * from the seal's own log line), and the evidence packet of a walkthrough whose stored video is
 * made 2 GiB (BENCH_PACKET_GIB): downloaded over loopback, its streaming rate and the app's
 * resident memory sampled while it streams. The packet is made while it downloads, entry by
 * entry from media storage: memory must not grow with the video.
 */

const walks = 5;

/** Sampled every 100 ms while `work` runs: the largest resident size of the app's processes. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = await rssMiB(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMiB(pid));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), peakMiB: peak };
  } finally {
    running = false;
    await sampler;
  }
}

/** A file of `bytes` bytes (a repeated random block: content does not matter, only size). */
async function bigFile(file: string, bytes: number): Promise<void> {
  const block = Buffer.alloc(8 * 1024 * 1024);
  for (let at = 0; at < block.length; at += 4) block.writeUInt32LE((at * 2654435761) >>> 0, at);
  let left = bytes;
  await pipeline(
    Readable.from(
      (function* () {
        while (left > 0) {
          const size = Math.min(left, block.length);
          left -= size;
          yield block.subarray(0, size);
        }
      })(),
    ),
    createWriteStream(file),
  );
}

const scenario: Scenario = {
  name: "evidence-packet",
  description: "signing cost per seal, and the evidence packet of a 2 GiB video: streaming rate and memory",
  async run(ctx: BenchContext) {
    const gib = envInt("BENCH_PACKET_GIB", 2, 1, 8);
    const { app, client, workspaceId } = await freshApp(ctx, "evidence");
    const file = await recording(30, "mp4", (line) => ctx.log(line));
    const taskIds: string[] = [];
    for (let walk = 0; walk < walks; walk += 1) {
      const opened = await newWalk(client, workspaceId);
      await seal(opened, await ingest(opened, file, "mp4", app.pid), 30);
      taskIds.push(opened.taskId);
    }
    // The seal's log line: evidenceMs (digests, ffmpeg's version) and the whole seal.
    const { readFile } = await import("node:fs/promises");
    const sealed = (await readFile(app.logFile, "utf8"))
      .split("\n")
      .filter((line) => line.includes('"walkthrough sealed"'))
      .map((line) => JSON.parse(line) as { evidenceMs?: number; signMs?: number; originalsMs?: number; totalMs: number });

    const status = await client.expect(200, "GET", "/v1/inspections", {
      query: { workspace_id: workspaceId, task_id: taskIds.at(-1)! },
    });
    const inspectionId = status.body.inspection_id as string;
    // The stored video made `gib` GiB, in place (the packet streams whatever is stored).
    const work = await mkdtemp(path.join(tmpdir(), "walkthrough-bench-packet-"));
    ctx.onCleanup(() => rm(work, { recursive: true, force: true }));
    const big = path.join(work, "big.mp4");
    await bigFile(big, gib * 1024 ** 3);
    const { LocalDiskDriver } = await import("../../lib/media/local-disk-driver");
    const { recordingKeys } = await import("../../lib/recording/recorder-state");
    const driver = new LocalDiskDriver({
      root: path.join(app.dataDir, "media"),
      secret: Buffer.from(process.env.APP_SECRET!, "utf8"),
      baseUrl: app.baseUrl,
    });
    await driver.put(recordingKeys.video(inspectionId), createReadStream(big), { contentType: "video/mp4" });
    await rm(big, { force: true });

    const evidence = await client.expect(200, "GET", `/v1/inspections/${inspectionId}/evidence`, {
      query: { workspace_id: workspaceId },
    });
    const url = (evidence.body.packet as { download_url: string }).download_url;
    const before = await rssMiB(app.pid);
    const started = performance.now();
    const { result: bytes, peakMiB } = await peakDuring(app.pid, async () => {
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`packet: ${response.status}`);
      let total = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) total += chunk.length;
      return total;
    });
    const seconds = (performance.now() - started) / 1000;
    // The same packet on disk, then dropped on /verify in Chromium (not part of the timing above).
    const packet = path.join(work, "packet.zip");
    const saved = await fetch(url);
    await pipeline(Readable.fromWeb(saved.body as never), createWriteStream(packet));
    const verified = await verifyInBrowser(app.baseUrl, packet);
    await rm(packet, { force: true });
    await ctx.report(
      [
        {
          walkthroughs: walks,
          "seal median ms": Math.round(median(sealed.map((line) => line.totalMs))),
          "evidence digests median ms": Math.round(median(sealed.map((line) => line.evidenceMs ?? 0))),
          "sign + chain median ms": Math.round(median(sealed.map((line) => line.signMs ?? 0)) * 10) / 10,
          "originals store median ms": Math.round(median(sealed.map((line) => line.originalsMs ?? 0))),
          "packet GiB": Math.round((bytes / 1024 ** 3) * 100) / 100,
          "packet s": Math.round(seconds * 10) / 10,
          "packet MB/s": Math.round(bytes / 1e6 / seconds),
          "app RSS before MiB": Math.round(before),
          "app RSS peak while streaming MiB": Math.round(peakMiB),
        },
      ],
      {
        title: "Evidence: signing per seal, and the packet of a large video",
        notes: [
          `each walkthrough a 30 s 720p MP4 on one home (so each record chains to the one before); the seal's log gives evidenceMs (reading the video's and stills' digests and ffmpeg's version), signMs (the home's lock, the previous record, the stays, signing and storing, inside the seal's transaction), originalsMs (storing each run's untouched parts, beside the video and stills) and the whole seal`,
          `the last walkthrough's stored video replaced by ${gib} GiB of bytes, then its packet downloaded over loopback (the video entry no longer matches its record: rate and memory only)`,
        ],
      },
    );
    await ctx.report(
      [
        {
          "packet GiB": Math.round((bytes / 1024 ** 3) * 100) / 100,
          "verify s": Math.round(verified.seconds * 10) / 10,
          "verify MB/s": Math.round(bytes / 1e6 / verified.seconds),
          "JS heap peak MiB": Math.round(verified.heapPeakMiB),
          "renderer RSS before MiB":
            verified.rendererBeforeMiB === undefined ? undefined : Math.round(verified.rendererBeforeMiB),
          "renderer RSS peak MiB": verified.rendererPeakMiB === undefined ? undefined : Math.round(verified.rendererPeakMiB),
          "checks failing": verified.failing.join("; ") || "none",
        },
      ],
      {
        title: "Evidence: the /verify page checking that packet in Chromium",
        notes: [
          "the packet saved to disk and dropped on /verify in headless Chromium (Debian's): from the drop to the results, every hash and signature checked in the tab; the tab's JS heap (CDP Performance.getMetrics, JSHeapUsedSize) and its renderer's resident size sampled every 250 ms",
          "the video entry is the bytes put in place of the sealed video, so its check fails by design: rate and memory are what this row measures",
        ],
      },
    );
  },
};

export default scenario;
