import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { InspectionItem } from "../generated/prisma/client";
import { type BaselinePicture, nearestPictures, readMedia } from "../analysis/baseline-pictures";
import { differenceHash } from "../analysis/dhash";
import { type FrameStats, frameProblem, measureFrame } from "../analysis/frame-quality";
import type { AnalysisProvider } from "../analysis/provider";
import { needsReview, type ReviewSettings } from "../analysis/review-policy";
import { awaitStaff, markNotChecked, recordVerdict } from "../checklist-items/item-transitions";
import type { MediaStorage } from "../media/storage";
import { recordingKeys } from "../recording/recorder-state";
import { extractStills } from "../video/extract-still";
import { reserveProviderCall } from "./provider-call-budget";
import { recordCalls } from "./record-calls";

/** Everything judging an item needs besides the item itself. */
export interface JudgeContext {
  inspectionId: string;
  /** The sealed video, on local disk. */
  video: string;
  durationSeconds: number;
  work: string;
  storage: MediaStorage;
  provider?: AnalysisProvider;
  review: ReviewSettings;
  baseline: BaselinePicture[];
  notesOf: Map<string, string | undefined>;
  /** What this walkthrough's provider calls may come to (provider-call-budget.ts). */
  callLimit: number;
}

/** Frames this far apart around the tap: the cleaner taps as the camera passes the item. */
const aroundTapSeconds = [0, -1, 1];

interface Frame {
  jpeg: Buffer;
  stats: FrameStats;
}

/** The frames around the tap, measured; the usable ones sharpest first. */
async function framesAround(item: InspectionItem, context: JudgeContext): Promise<{ usable: Frame[]; all: Frame[] }> {
  const requests = aroundTapSeconds.map((offset, index) => ({
    seconds: Math.max(0, item.timestampSeconds! + offset),
    output: path.join(context.work, `item-${item.position}-${index}.jpg`),
  }));
  const cut = await extractStills(context.video, requests, context.durationSeconds);
  const all = await Promise.all(
    cut.map(async (still) => {
      const jpeg = await readFile(still.output);
      return { jpeg, stats: await measureFrame(jpeg) };
    }),
  );
  const usable = all
    .filter((frame) => frameProblem(frame.stats) === undefined)
    .sort((a, b) => b.stats.sharpness - a.stats.sharpness);
  return { usable, all };
}

/**
 * Judges one checked-off item (spec, Checklist result block). Frames too dark, blurred or covered
 * all around the tap: `missed` by the filming itself, no provider asked. Otherwise the sharpest
 * frame becomes the item's picture, and the provider judges it with the item's name and notes and
 * the nearest baseline pictures; without a provider, or when the answer is unsure
 * (ANALYSIS_REVIEW), it waits for staff. No answer after the retries: `not_checked`, asked again
 * later (`recheck_until`), never counted as missed. Each question counts against the walkthrough's
 * provider calls; beyond them nothing is asked ("over_budget").
 */
export async function judgeItem(
  item: InspectionItem,
  context: JudgeContext,
  recheckUntil: Date,
  pass: "first" | "recheck" = "first",
): Promise<"decided" | "review" | "not_checked" | "over_budget"> {
  const { usable, all } = await framesAround(item, context);
  if (usable.length === 0) {
    const worst = all[0]?.stats;
    if (!worst) {
      await markNotChecked(item, null);
      return "not_checked";
    }
    await recordVerdict(
      item,
      { state: "missed", decidedBy: "filming" },
      { frameStats: { ...worst, problem: frameProblem(worst) } },
    );
    return "decided";
  }
  // The item's picture is its best frame.
  const best = usable[0]!;
  await context.storage.put(recordingKeys.picture(item.inspectionId, item.position), best.jpeg, { contentType: "image/jpeg" });
  const picture = { stillKey: recordingKeys.picture(item.inspectionId, item.position), frameStats: { ...best.stats } };
  if (!context.provider) {
    await awaitStaff(item, picture);
    return "review";
  }
  if (!(await reserveProviderCall(item.inspectionId, context.callLimit))) {
    // The walkthrough spent its provider calls: a first verdict waits for staff, as without a
    // provider; a re-check ends the item `not_checked` for good (no usable answer, none to come).
    if (pass === "recheck") await markNotChecked(item, null, picture);
    else await awaitStaff(item, picture);
    return "over_budget";
  }
  const references = nearestPictures(context.baseline, await differenceHash(best.jpeg), 2);
  const referenceBytes = (await Promise.all(references.map((reference) => readMedia(context.storage, reference.key)))).filter(
    (bytes): bytes is Buffer => bytes !== undefined,
  );
  const answer = await context.provider.judgeItem({
    itemName: item.name,
    notes: context.notesOf.get(item.itemId),
    frames: usable.map((frame) => frame.jpeg),
    references: referenceBytes,
  });
  await recordCalls(item.inspectionId, answer.calls);
  if (!answer.value) {
    await markNotChecked(item, recheckUntil, picture);
    return "not_checked";
  }
  const verdict = answer.value;
  const provider = { providerState: verdict.state, providerConfidence: verdict.confidence, providerRationale: verdict.rationale };
  if (needsReview(verdict.confidence, context.review)) {
    await awaitStaff(item, { ...picture, ...provider });
    return "review";
  }
  await recordVerdict(item, { state: verdict.state, decidedBy: "provider" }, { ...picture, ...provider });
  return "decided";
}
