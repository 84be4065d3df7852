import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createResultLines } from "../checklist-items/item-transitions";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import type { ServiceFailReason } from "../inspections/failure-reasons";
import { failInspection } from "../inspections/release-report";
import { recordInspectionEvents, recordingCompletedHoldSeconds } from "../webhooks/record-event";
import { enqueue } from "../queue/enqueue";
import { gatherRecordingFacts, type RecordingFacts, signRecordingRecord } from "../evidence/recording-record";
import { log } from "../log";
import { sealTempDir } from "../media/data-dir-layout";
import { mediaStorage } from "../media/media-storage";
import type { StoredObject } from "../media/storage";
import { assembleWalkthrough } from "../video/assemble-walkthrough";
import { extractStills } from "../video/extract-still";
import { UnprocessableVideoError } from "../video/run-tool";
import { checklistResults, type ResultLine, type RunSpan, videoSecondsOf } from "./checklist-results";
import { parseChecklistSections } from "./open-inspection";
import { recordingKeys } from "./recorder-state";

/*
 * The seal (a job, lib/jobs/definitions/seal-recording.ts): every part the cleaner's Done named is joined,
 * run by run, into local files; ffmpeg makes them one MP4 (remuxed when it is H.264, transcoded
 * otherwise, lib/video); the MP4 is stored while the stills at every tap are cut from it and each
 * run's joined parts are kept untouched (its "original", for the evidence packet); then the
 * video's row, the taps' (and the phone's too-dark spans') seconds of the video and the checklist result lines (with their stills)
 * are written in one transaction; then the inspection is sealed (`processing`) with its recording
 * record signed (lib/evidence/recording-record.ts) and its analysis queued (lib/inspections/analyze-inspection.ts), and the parts are dropped.
 *
 * Resuming: the video, the stills and the originals are stored under fixed keys before the row that names them,
 * so a killed seal stores them again at most (never two videos, and no row ever names a partial
 * one); a video row means that whole pass is done. Two attempts never run at once (the job's
 * lease on the inspection).
 */

interface SealInput {
  inspectionId: string;
  source: "camera" | "file";
  sections: ReturnType<typeof parseChecklistSections>;
  partNumbers: number[];
  finishAnyway: string[];
}

/** One run's parts joined byte for byte into a local file, with the SHA-256 of the whole. */
interface JoinedRun {
  run: number;
  file: string;
  sha256: string;
}

/** The parts of each run, joined byte for byte into one local file per run, in part order. */
async function joinRuns(work: string, input: SealInput): Promise<JoinedRun[]> {
  const parts = await db().recordingPart.findMany({
    where: { inspectionId: input.inspectionId, partNumber: { in: input.partNumbers } },
    orderBy: { partNumber: "asc" },
  });
  const runs = [...new Set(parts.map((part) => part.run))];
  const storage = mediaStorage();
  const joined: JoinedRun[] = [];
  for (const run of runs) {
    const file = path.join(work, `run-${run}`);
    const out = createWriteStream(file);
    const whole = createHash("sha256");
    try {
      for (const part of parts.filter((candidate) => candidate.run === run)) {
        const stream = await storage.getPart(recordingKeys.upload(input.inspectionId), part.partNumber);
        if (!stream) throw new Error(`part ${part.partNumber} is gone from storage`);
        const hash = createHash("sha256");
        const tap = new Transform({
          transform: (chunk: Buffer, _encoding, done) => (hash.update(chunk), whole.update(chunk), done(null, chunk)),
        });
        await pipeline(stream.body, tap, out, { end: false });
        if (hash.digest("hex") !== part.sha256) throw new Error(`part ${part.partNumber} does not match its digest`);
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    joined.push({ run, file, sha256: whole.digest("hex") });
  }
  return joined;
}

/** Milliseconds each step of a seal took, for its log line. */
type Timings = Record<string, number>;

async function timed<T>(timings: Timings, step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[step] = Math.round(performance.now() - started);
  }
}

/** Cuts the stills of the lines that have a second, stores them, and answers their keys by line position. */
async function storeStills(
  work: string,
  inspectionId: string,
  video: string,
  lines: ResultLine[],
  durationSeconds: number,
): Promise<Map<number, string>> {
  const wanted = lines.filter((line) => line.timestampSeconds !== undefined);
  const requests = wanted.map((line) => ({
    position: line.position,
    seconds: line.timestampSeconds!,
    output: path.join(work, `still-${line.position}.jpg`),
  }));
  const keys = new Map<number, string>();
  // A moment no frame could be read at goes without its picture (spec: in the rare case a picture is not ready).
  for (const still of await extractStills(video, requests, durationSeconds)) {
    const key = recordingKeys.still(inspectionId, still.position);
    await mediaStorage().put(key, createReadStream(still.output), { contentType: "image/jpeg" });
    keys.set(still.position, key);
  }
  return keys;
}

/**
 * Stores a file and reads it back from storage (size and digest) before anything names it: the
 * parts are deleted once sealed, so what is stored must be whole. `sha256`, given, is what the
 * bytes must hash to (storage refuses others).
 */
async function storeVerified(key: string, file: string, contentType: string, sha256?: string): Promise<StoredObject> {
  const bytes = (await stat(file)).size;
  const stored = await mediaStorage().put(key, createReadStream(file), { contentType, sha256 });
  const found = await mediaStorage().head(key);
  if (stored.size !== bytes || found?.size !== bytes || (found.sha256 !== undefined && found.sha256 !== stored.sha256)) {
    throw new Error(`the stored ${key} does not match what was written (${bytes} bytes)`);
  }
  return stored;
}

/**
 * Keeps each run's parts joined, untouched, as one object per run (issue 27: the evidence packet
 * hands out the parts as the phone sent them, cut from it by the sizes the record signs). Fixed
 * keys: a retried or reclaimed seal replaces them with the same bytes, never a second copy.
 */
async function storeOriginals(inspectionId: string, runs: JoinedRun[]): Promise<void> {
  for (const run of runs) {
    await storeVerified(recordingKeys.original(inspectionId, run.run), run.file, "application/octet-stream", run.sha256);
  }
}

/**
 * Makes the video, then stores it while cutting the stills from the same local file, then writes
 * the video's row, the taps' seconds and the result lines (with their stills) in one transaction.
 */
async function assembleAndRecord(work: string, input: SealInput, timings: Timings, fence: Fence): Promise<void> {
  const runs = await timed(timings, "joinMs", () => joinRuns(work, input));
  const output = path.join(work, "walkthrough.mp4");
  const assembled = await timed(timings, "ffmpegMs", () =>
    assembleWalkthrough(
      runs.map((run) => run.file),
      output,
    ),
  );
  timings.transcoded = assembled.transcoded ? 1 : 0;
  const spans: RunSpan[] = runs.map((run, index) => ({ run: run.run, ...assembled.runs[index]! }));
  // Taps are closed since Done: what is read here is final.
  const taps = await db().checklistTap.findMany({ where: { inspectionId: input.inspectionId }, orderBy: { seq: "asc" } });
  const sealedTaps = taps.map((tap) => ({ ...tap, videoSeconds: videoSecondsOf(tap, spans) }));
  // The phone's too-dark stretches, placed on the video as its taps are (closed since Done too).
  const dark = await db().darkSpan.findMany({ where: { inspectionId: input.inspectionId } });
  const sealedDark = dark.map((span) => ({
    ...span,
    videoFrom: videoSecondsOf({ run: span.run, runSeconds: span.fromSeconds }, spans),
    videoTo: videoSecondsOf({ run: span.run, runSeconds: span.toSeconds }, spans),
  }));
  const lines = checklistResults({
    sections: input.sections,
    taps: sealedTaps,
    finishAnyway: input.finishAnyway,
    source: input.source,
  });
  const key = recordingKeys.video(input.inspectionId);
  await fence();
  const [stored, stillKeys] = await Promise.all([
    timed(timings, "storeMs", () => storeVerified(key, output, assembled.contentType)),
    timed(timings, "stillsMs", () => storeStills(work, input.inspectionId, output, lines, assembled.durationSeconds)),
    timed(timings, "originalsMs", () => storeOriginals(input.inspectionId, runs)),
  ]);

  await db().$transaction(async (tx) => {
    await fence(tx);
    await tx.$executeRaw`
      UPDATE checklist_tap t SET video_seconds = s.seconds
      FROM unnest(${sealedTaps.map((tap) => tap.seq)}::int[], ${sealedTaps.map((tap) => tap.videoSeconds)}::float8[]) AS s(seq, seconds)
      WHERE t.inspection_id = ${input.inspectionId}::uuid AND t.seq = s.seq`;
    await tx.$executeRaw`
      UPDATE dark_span d SET video_from = s.video_from, video_to = s.video_to
      FROM unnest(${sealedDark.map((span) => span.run)}::int[], ${sealedDark.map((span) => span.fromSeconds)}::float8[],
                  ${sealedDark.map((span) => span.videoFrom)}::float8[], ${sealedDark.map((span) => span.videoTo)}::float8[])
        AS s(run, from_seconds, video_from, video_to)
      WHERE d.inspection_id = ${input.inspectionId}::uuid AND d.run = s.run AND d.from_seconds = s.from_seconds`;
    const first = await tx.recordingPart.aggregate({ where: { inspectionId: input.inspectionId }, _min: { receivedAt: true } });
    await tx.inspectionVideo.create({
      data: {
        inspectionId: input.inspectionId,
        mediaKey: key,
        contentType: assembled.contentType,
        sizeBytes: BigInt(stored.size),
        durationSeconds: assembled.durationSeconds,
        recordedAt: first._min.receivedAt ?? new Date(),
        transcoded: assembled.transcoded,
        originalsKept: true,
      },
    });
    await createResultLines(
      tx,
      input.inspectionId,
      lines.map((line) => ({ ...line, stillKey: stillKeys.get(line.position) })),
    );
  });
}

/**
 * The walkthrough ends failed (`inspection.failed` recorded with the reason); `stillSo`, given,
 * decides in the same transaction, under the row locks it takes, whether it still should. Its
 * parts go when they can never become a video (unprocessable, abandoned); a seal that gave up
 * keeps them: its failures were not the recording's, and the recording is never lost to them.
 * Answers whether this call ended it.
 */
export async function failRecording(
  inspectionId: string,
  reason: ServiceFailReason,
  stillSo?: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  const failed = await db().$transaction(async (tx) =>
    stillSo && !(await stillSo(tx)) ? false : failInspection(inspectionId, reason, tx),
  );
  // Without a condition, also a second call's: it finishes the deletion a crash cut short.
  if (reason !== "seal_failed" && (failed || !stillSo)) {
    await mediaStorage().deleteParts(recordingKeys.upload(inspectionId));
    // Kept by a seal that got as far as storing them before the video proved unprocessable.
    await mediaStorage().deletePrefix(recordingKeys.originals(inspectionId));
  }
  return failed;
}

/**
 * Throws when the caller may no longer write (a job attempt that lost its lease: lib/jobs/lease.ts);
 * called before the video is stored and first thing in each transaction that writes.
 */
type Fence = (tx?: Tx) => Promise<void>;

/** Seals one finished walkthrough (see the top of this file). Safe to run again at any point. */
export async function sealRecording(
  inspectionId: string,
  partnerId: string,
  fence: Fence = async () => undefined,
): Promise<void> {
  const inspection = await db().inspection.findUnique({
    where: { id: inspectionId },
    include: { video: { select: { inspectionId: true } } },
  });
  if (!inspection?.finishedAt || inspection.status === "failed") return;
  if (!inspection.sealedAt) {
    const finish = inspection.finish as { parts: { part_number: number }[]; finish_anyway: string[] };
    const input: SealInput = {
      inspectionId,
      source: inspection.source ?? "camera",
      sections: parseChecklistSections(inspection.checklist),
      partNumbers: finish.parts.map((part) => part.part_number),
      finishAnyway: finish.finish_anyway,
    };
    await mkdir(sealTempDir(config().DATA_DIR), { recursive: true });
    const work = await mkdtemp(path.join(sealTempDir(config().DATA_DIR), "seal-"));
    const timings: Timings = {};
    const started = performance.now();
    let facts: RecordingFacts;
    try {
      // A video row names a finished pass: the video, its stills and its lines were written together.
      if (!inspection.video) await assembleAndRecord(work, input, timings, fence);
      facts = await timed(timings, "evidenceMs", () => gatherRecordingFacts(inspectionId, work));
    } catch (error) {
      if (!(error instanceof UnprocessableVideoError)) throw error;
      log().warn({ inspectionId, err: { message: error.message } }, "walkthrough could not be made into a video");
      await failRecording(inspectionId, "recording_unprocessable");
      return;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // Sealed, its recording record signed, its analysis queued and its event recorded, together:
    // none is ever left out, and none happens twice.
    await db().$transaction(async (tx) => {
      await fence(tx);
      const sealedAt = new Date();
      const { count } = await tx.inspection.updateMany({
        where: { id: inspectionId, sealedAt: null },
        data: { sealedAt, status: "processing" },
      });
      if (count === 0) return;
      await timed(timings, "signMs", () => signRecordingRecord(tx, facts, sealedAt));
      await enqueue("analyze-inspection", { inspectionId, partnerId }, { tx });
      // Held for every result unless there is nothing to wait for (spec, Events).
      const held = input.sections.length > 0 && input.source !== "file";
      await recordInspectionEvents(
        tx,
        [inspectionId],
        "inspection.recording_completed",
        held ? recordingCompletedHoldSeconds() : 0,
      );
    });
    log().info({ inspectionId, ...timings, totalMs: Math.round(performance.now() - started) }, "walkthrough sealed");
  }
  await mediaStorage().deleteParts(recordingKeys.upload(inspectionId));
}
