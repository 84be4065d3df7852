import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { baselinePictures } from "../analysis/baseline-pictures";
import type { AnalysisProvider } from "../analysis/provider";
import type { ReviewSettings } from "../analysis/review-policy";
import { awaitingJudgement, handPendingToStaff, startRecheck } from "../checklist-items/item-transitions";
import { config } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { analysisTempDir } from "../media/data-dir-layout";
import type { MediaStorage } from "../media/storage";
import { parseChecklistSections } from "../recording/open-inspection";
import { findFindings } from "./find-findings";
import { type JudgeContext, judgeItem } from "./judge-item";
import { providerCallLimits } from "./provider-call-budget";
import { releaseIfReady } from "./release-report";

export interface AnalysisDeps {
  provider?: AnalysisProvider;
  storage: MediaStorage;
  review: ReviewSettings;
  /** Enqueues the re-check of an item left `not_checked` (lib/jobs/recheck-item-job.ts). */
  scheduleRecheck(inspectionId: string, position: number, attempt: number): Promise<void>;
}

/** Spec, Limits: a `not_checked` item may be re-checked for up to 24 hours. */
export const recheckHours = 24;

async function downloadVideo(storage: MediaStorage, key: string, work: string): Promise<string> {
  const object = await storage.get(key);
  if (!object) throw new Error("the sealed video is gone from storage");
  const file = path.join(work, "walkthrough.mp4");
  await pipeline(object.body, createWriteStream(file));
  return file;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadSealed>>>;

function loadSealed(inspectionId: string) {
  return db().inspection.findUnique({ where: { id: inspectionId }, include: { video: true } });
}

/** The sealed video on local disk and what judging needs, for the length of `work`; the folder goes afterwards. */
async function withJudgeContext<T>(
  inspection: Loaded & { video: NonNullable<Loaded["video"]> },
  deps: AnalysisDeps,
  work: (context: JudgeContext) => Promise<T>,
): Promise<T> {
  await mkdir(analysisTempDir(config().DATA_DIR), { recursive: true });
  const folder = await mkdtemp(path.join(analysisTempDir(config().DATA_DIR), "analysis-"));
  try {
    const video = await downloadVideo(deps.storage, inspection.video.mediaKey, folder);
    const baseline = await baselinePictures(deps.storage, inspection.propertyId, inspection.id);
    const items = parseChecklistSections(inspection.checklist).flatMap((section) => section.items);
    const notesOf = new Map(items.map((item) => [item.id, item.notes] as const));
    const callLimit = providerCallLimits(items.length).total;
    return await work({
      inspectionId: inspection.id,
      video,
      durationSeconds: inspection.video.durationSeconds,
      work: folder,
      storage: deps.storage,
      provider: deps.provider,
      review: deps.review,
      baseline,
      notesOf,
      callLimit,
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The analysis of a sealed walkthrough (a job, lib/jobs/analyze-inspection-job.ts): a verdict for
 * every checked-off item still pending, then findings when a provider is configured, then the
 * report is released unless something waits for staff. Each item and each batch of frames is
 * written as it is done and skipped when found done, so a paused or killed attempt resumes where
 * it stopped without judging anything twice. Answers "paused" when asked to stop.
 */
export async function analyzeInspection(
  inspectionId: string,
  deps: AnalysisDeps,
  shouldPause: () => boolean,
): Promise<"done" | "paused"> {
  const inspection = await loadSealed(inspectionId);
  if (!inspection || inspection.status !== "processing" || !inspection.video) return "done";
  if (inspection.analyzedAt) {
    await releaseIfReady(inspectionId);
    return "done";
  }
  const video = inspection.video;
  const progress = await withJudgeContext({ ...inspection, video }, deps, async (context) => {
    const recheckUntil = new Date((inspection.sealedAt ?? new Date()).getTime() + recheckHours * 3_600_000);
    const waiting = await db().inspectionItem.findMany({
      where: awaitingJudgement(inspectionId),
      orderBy: { position: "asc" },
    });
    for (const item of waiting) {
      if (shouldPause()) return "paused";
      const outcome = await judgeItem(item, context, recheckUntil);
      if (outcome === "not_checked" && deps.provider) await deps.scheduleRecheck(inspectionId, item.position, 0);
    }
    if (!deps.provider) return "done";
    return findFindings({ ...context, provider: deps.provider, shouldPause });
  });
  if (progress === "paused") return "paused";
  await db().inspection.update({ where: { id: inspectionId }, data: { analyzedAt: new Date() } });
  const released = await releaseIfReady(inspectionId);
  log().info({ inspectionId, released, provider: deps.provider?.label ?? "none (staff review)" }, "walkthrough analysed");
  return "done";
}

/**
 * Asks again about an item left `not_checked` (no usable answer), within 24 hours of the seal
 * (spec: `pending` meanwhile, the block `in_progress`, then a result). Answers whether to try again
 * later (still no answer). A re-check is a provider call like any other: once the walkthrough has
 * spent its calls the item stays `not_checked` and is not asked about again.
 */
export async function recheckItem(
  inspectionId: string,
  position: number,
  deps: AnalysisDeps,
): Promise<"answered" | "again" | "over"> {
  const inspection = await loadSealed(inspectionId);
  const item = await db().inspectionItem.findUnique({ where: { inspectionId_position: { inspectionId, position } } });
  // Past its window, or no longer `not_checked` (answered, or decided by staff): nothing to ask.
  if (!inspection?.video || !item?.recheckUntil || !(await startRecheck(item))) return "over";
  const { video } = inspection;
  const recheckUntil = item.recheckUntil;
  const outcome = await withJudgeContext({ ...inspection, video }, deps, (context) =>
    judgeItem({ ...item, state: "pending", decidedBy: null, reviewNeeded: false }, context, recheckUntil, "recheck"),
  );
  await releaseIfReady(inspectionId);
  if (outcome === "over_budget") return "over";
  return outcome === "not_checked" ? "again" : "answered";
}

/**
 * The analysis could not finish after its retries: what it did not reach waits for staff, who
 * decide as a remote inspector would. The inspection never fails because a provider is down.
 */
export async function handAnalysisToStaff(inspectionId: string): Promise<void> {
  await handPendingToStaff(inspectionId);
  await db().inspection.updateMany({
    where: { id: inspectionId, status: "processing", analyzedAt: null },
    data: { analyzedAt: new Date() },
  });
}
