import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type BaselinePicture, nearestPictures } from "../analysis/baseline-pictures";
import { differenceHash, hammingDistance, sameAreaMaxDistance } from "../analysis/dhash";
import { frameProblem, measureFrame } from "../analysis/frame-quality";
import type { AnalysisProvider, FrameFinding } from "../analysis/provider";
import { needsReview, type ReviewSettings } from "../analysis/review-policy";
import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { MediaStorage } from "../media/storage";
import { sampleFrames } from "../video/sample-frames";
import { sampling } from "./findings-sampling";
import { reserveProviderCall } from "./provider-call-budget";
import { recordCalls } from "./record-calls";

export interface FindingsContext {
  inspectionId: string;
  video: string;
  work: string;
  storage: MediaStorage;
  provider: AnalysisProvider;
  review: ReviewSettings;
  baseline: BaselinePicture[];
  /** What this walkthrough's provider calls may come to (provider-call-budget.ts). */
  callLimit: number;
  shouldPause(): boolean;
}

/** Spec, Limits: up to 5,000 findings per inspection. */
export const findingsMax = 5000;
/** Frames closer than this (bits of difference hash) to the frame kept before them add nothing. */
const repeatFrameMaxDistance = 4;
/** A finding seen again this close in time, in the same room, is the same finding. */
const sameFindingSeconds = 8;
const afterImagesMax = 3;

interface Frame {
  seconds: number;
  jpeg: Buffer;
  dhash: bigint;
}

interface Known {
  id: string;
  category: string;
  room: string;
  seconds: number | null;
  dhash: bigint | null;
  afterKeys: string[];
}

/** The usable frames of the walk in order: unusable ones (dark, blurred, covered) and repeats of the one before dropped. */
async function usableFrames(context: FindingsContext): Promise<Frame[]> {
  const sampled = await sampleFrames(context.video, path.join(context.work, "frames"), sampling);
  const kept: Frame[] = [];
  for (const frame of sampled) {
    const jpeg = await readFile(frame.file);
    if (frameProblem(await measureFrame(jpeg)) !== undefined) continue;
    const dhash = await differenceHash(jpeg);
    const previous = kept.at(-1);
    if (previous && hammingDistance(previous.dhash, dhash) <= repeatFrameMaxDistance) continue;
    kept.push({ seconds: frame.seconds, jpeg, dhash });
  }
  return kept;
}

function sameAs(known: Known, finding: FrameFinding, frame: Frame): boolean {
  if (known.category !== finding.category) return false;
  if (known.dhash !== null && hammingDistance(known.dhash, frame.dhash) <= sameAreaMaxDistance) return true;
  return (
    known.room.toLowerCase() === finding.room.toLowerCase() &&
    known.seconds !== null &&
    Math.abs(known.seconds - frame.seconds) <= sameFindingSeconds
  );
}

/** One batch's findings written with the batch's row, in one transaction: a batch counts once. */
async function writeBatch(
  context: FindingsContext,
  batch: number,
  frames: Frame[],
  found: FrameFinding[] | undefined,
  known: Known[],
): Promise<void> {
  const created: Prisma.FindingCreateManyInput[] = [];
  const grown = new Map<string, string[]>();
  for (const [index, finding] of (found ?? []).entries()) {
    if (known.length >= findingsMax) break;
    const frame = frames[finding.frame]!;
    const afterKey = `findings/${context.inspectionId}/${batch}-${index}.jpg`;
    const same = known.find((candidate) => sameAs(candidate, finding, frame));
    if (same) {
      // Seen again: another picture of the same finding, not a second finding.
      if (same.afterKeys.length < afterImagesMax) {
        await context.storage.put(afterKey, frame.jpeg, { contentType: "image/jpeg" });
        same.afterKeys = [...same.afterKeys, afterKey];
        grown.set(same.id, same.afterKeys);
      }
      continue;
    }
    await context.storage.put(afterKey, frame.jpeg, { contentType: "image/jpeg" });
    const before = nearestPictures(context.baseline, frame.dhash, 1).map((picture) => picture.key);
    const row = {
      id: crypto.randomUUID(),
      inspectionId: context.inspectionId,
      key: `provider:${batch}:${index}`,
      room: finding.room,
      description: finding.description,
      severity: finding.severity,
      category: finding.category,
      videoTimestampSeconds: frame.seconds,
      afterKeys: [afterKey],
      beforeKeys: before,
      source: "provider" as const,
      confidence: finding.confidence,
      dhash: frame.dhash,
      reviewNeeded: needsReview(finding.confidence, context.review),
    };
    created.push(row);
    known.push({
      id: row.id,
      category: row.category,
      room: row.room,
      seconds: frame.seconds,
      dhash: frame.dhash,
      afterKeys: row.afterKeys,
    });
  }
  await db().$transaction(async (tx) => {
    await tx.findingBatch.create({ data: { inspectionId: context.inspectionId, batch, outcome: found ? "ok" : "no_answer" } });
    await tx.finding.createMany({ data: created });
    for (const [id, afterKeys] of grown) await tx.finding.update({ where: { id }, data: { afterKeys } });
  });
}

/**
 * Findings (spec, Finding): frames sampled across the video, unusable and repeated ones dropped,
 * sent to the provider in batches; each finding gets the frame it was seen in as `after`, the
 * nearest baseline picture of the same area as `before`, and `video_timestamp_seconds`; the same
 * finding seen in later frames is folded into the first. Resumable: a batch whose row exists is
 * done (its findings were written with it), and sampling is deterministic, so a resumed run meets
 * the same batches. Answers "paused" when asked to stop between batches.
 */
export async function findFindings(context: FindingsContext): Promise<"done" | "paused"> {
  const frames = await usableFrames(context);
  const done = new Set(
    (await db().findingBatch.findMany({ where: { inspectionId: context.inspectionId }, select: { batch: true } })).map(
      (row) => row.batch,
    ),
  );
  const known: Known[] = (
    await db().finding.findMany({
      where: { inspectionId: context.inspectionId },
      select: { id: true, category: true, room: true, videoTimestampSeconds: true, dhash: true, afterKeys: true },
    })
  ).map((row) => ({ ...row, seconds: row.videoTimestampSeconds }));
  for (let batch = 0; batch * sampling.perBatch < frames.length; batch++) {
    if (done.has(batch)) continue;
    if (context.shouldPause()) return "paused";
    // The walkthrough spent its provider calls: the batches left are not asked (staff may add findings).
    if (!(await reserveProviderCall(context.inspectionId, context.callLimit))) break;
    const slice = frames.slice(batch * sampling.perBatch, (batch + 1) * sampling.perBatch);
    const answer = await context.provider.findIssues({
      frames: slice.map((frame) => ({ seconds: frame.seconds, jpeg: frame.jpeg })),
    });
    await recordCalls(context.inspectionId, answer.calls);
    await writeBatch(context, batch, slice, answer.value, known);
  }
  return "done";
}
