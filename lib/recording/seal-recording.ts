import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { sealTempDir } from "../media/data-dir-layout";
import { mediaStorage } from "../media/media-storage";
import { assembleWalkthrough } from "../video/assemble-walkthrough";
import { extractStill } from "../video/extract-still";
import { UnprocessableVideoError } from "../video/run-tool";
import { checklistResults, type RunSpan, videoSecondsOf } from "./checklist-results";
import { parseChecklistSections } from "./open-inspection";
import { recordingKeys } from "./recorder-state";

/*
 * The seal (a job, lib/jobs/seal-recording-job.ts): every part the cleaner's Done named is joined,
 * run by run, into local files; ffmpeg makes them one MP4 (remuxed when it is H.264, transcoded
 * otherwise, lib/video); the MP4 is stored, then its row, the taps' seconds of the video and the
 * checklist result lines are written in one transaction; stills are cut at every tap; then the
 * inspection is sealed (`processing`) and the parts are dropped.
 *
 * Resuming: each step looks for its own result first. The video is stored under one fixed key
 * and its row written after it, so a killed seal stores it again at most (never two videos, and
 * no row ever names a partial one); stills are fixed keys too, recorded one by one. Two attempts
 * never run at once (the job's lease on the inspection).
 */

interface SealInput {
  inspectionId: string;
  source: "camera" | "file";
  sections: ReturnType<typeof parseChecklistSections>;
  partNumbers: number[];
  finishAnyway: string[];
}

/** The parts of each run, joined byte for byte into one local file per run, in part order. */
async function joinRuns(work: string, input: SealInput): Promise<{ run: number; file: string }[]> {
  const parts = await db().recordingPart.findMany({
    where: { inspectionId: input.inspectionId, partNumber: { in: input.partNumbers } },
    orderBy: { partNumber: "asc" },
  });
  const runs = [...new Set(parts.map((part) => part.run))];
  const storage = mediaStorage();
  const joined: { run: number; file: string }[] = [];
  for (const run of runs) {
    const file = path.join(work, `run-${run}`);
    const out = createWriteStream(file);
    try {
      for (const part of parts.filter((candidate) => candidate.run === run)) {
        const stream = await storage.getPart(recordingKeys.upload(input.inspectionId), part.partNumber);
        if (!stream) throw new Error(`part ${part.partNumber} is gone from storage`);
        const hash = createHash("sha256");
        const tap = new Transform({ transform: (chunk: Buffer, _encoding, done) => (hash.update(chunk), done(null, chunk)) });
        await pipeline(stream.body, tap, out, { end: false });
        if (hash.digest("hex") !== part.sha256) throw new Error(`part ${part.partNumber} does not match its digest`);
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    joined.push({ run, file });
  }
  return joined;
}

/** Makes, stores and records the video with the taps' seconds and the result lines; answers the local MP4. */
async function assembleAndRecord(work: string, input: SealInput): Promise<string> {
  const runs = await joinRuns(work, input);
  const output = path.join(work, "walkthrough.mp4");
  const assembled = await assembleWalkthrough(runs.map((run) => run.file), output);
  const key = recordingKeys.video(input.inspectionId);
  const stored = await mediaStorage().put(key, createReadStream(output), { contentType: assembled.contentType });
  const spans: RunSpan[] = runs.map((run, index) => ({ run: run.run, ...assembled.runs[index]! }));

  await db().$transaction(async (tx) => {
    const taps = await tx.checklistTap.findMany({ where: { inspectionId: input.inspectionId }, orderBy: { seq: "asc" } });
    const sealedTaps = taps.map((tap) => ({ ...tap, videoSeconds: videoSecondsOf(tap, spans) }));
    for (const tap of sealedTaps) {
      await tx.checklistTap.update({ where: { inspectionId_seq: { inspectionId: input.inspectionId, seq: tap.seq } }, data: { videoSeconds: tap.videoSeconds } });
    }
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
      },
    });
    const lines = checklistResults({ sections: input.sections, taps: sealedTaps, finishAnyway: input.finishAnyway, source: input.source });
    await tx.inspectionItem.createMany({ data: lines.map((line) => ({ inspectionId: input.inspectionId, ...line })) });
  });
  return output;
}

/** A still at every result line's second that has none yet. */
async function cutStills(work: string, inspectionId: string, localVideo: string | undefined): Promise<void> {
  const lines = await db().inspectionItem.findMany({ where: { inspectionId, stillKey: null, timestampSeconds: { not: null } } });
  if (lines.length === 0) return;
  const video = localVideo ?? (await downloadVideo(work, inspectionId));
  const { durationSeconds } = await db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId }, select: { durationSeconds: true } });
  for (const line of lines) {
    const file = path.join(work, `still-${line.position}.jpg`);
    await extractStill(video, line.timestampSeconds!, file, durationSeconds);
    const key = recordingKeys.still(inspectionId, line.position);
    await mediaStorage().put(key, createReadStream(file), { contentType: "image/jpeg" });
    await db().inspectionItem.update({ where: { inspectionId_position: { inspectionId, position: line.position } }, data: { stillKey: key } });
  }
}

async function downloadVideo(work: string, inspectionId: string): Promise<string> {
  const object = await mediaStorage().get(recordingKeys.video(inspectionId));
  if (!object) throw new Error("the sealed video is gone from storage");
  const file = path.join(work, "walkthrough.mp4");
  await pipeline(object.body, createWriteStream(file));
  return file;
}

/** The walkthrough could not be made into a video: the inspection ends failed, and its parts go. */
export async function failRecording(inspectionId: string, reason: string): Promise<void> {
  await db().inspection.updateMany({ where: { id: inspectionId, sealedAt: null, status: "recording" }, data: { status: "failed", failureReason: reason } });
  await mediaStorage().deleteParts(recordingKeys.upload(inspectionId));
}

/** Seals one finished walkthrough (see the top of this file). Safe to run again at any point. */
export async function sealRecording(inspectionId: string): Promise<void> {
  const inspection = await db().inspection.findUnique({ where: { id: inspectionId }, include: { video: { select: { inspectionId: true } } } });
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
    try {
      const localVideo = inspection.video ? undefined : await assembleAndRecord(work, input);
      await cutStills(work, inspectionId, localVideo);
    } catch (error) {
      if (!(error instanceof UnprocessableVideoError)) throw error;
      log().warn({ inspectionId, err: { message: error.message } }, "walkthrough could not be made into a video");
      await failRecording(inspectionId, "recording_unprocessable");
      return;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    await db().inspection.updateMany({ where: { id: inspectionId, sealedAt: null }, data: { sealedAt: new Date(), status: "processing" } });
  }
  await mediaStorage().deleteParts(recordingKeys.upload(inspectionId));
}
