import "server-only";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { enqueue } from "../queue/enqueue";
import { mediaStorage } from "../media/media-storage";
import { type IncomingBody, readBodyBytes } from "../http/body";
import { judgementsPerTap, providerCallLimits, reserveProviderCall } from "../inspections/provider-call-budget";
import { parseChecklistSections } from "./open-inspection";
import { recordingKeys } from "./recorder-state";

/** A still of the camera at a check, taken on the phone: small by nature. */
export const tapStillMaxBytes = 2 * 1024 * 1024;

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * `PUT /taps/{seq}/still`: the picture the phone took when the cleaner checked an item off,
 * judged at once by the provider when there is one (lib/jobs/definitions/judge-tap.ts), so a check the
 * camera did not show can be filmed again before the walk ends. Only while the walkthrough is
 * open; sending it again replaces it. Answers whether it will be judged.
 *
 * With a provider each still sent is a provider call, so: a check's still is judged at most twice
 * (`tap_still_limit` after; a re-film is a new check), and live stills spend at most their share
 * of the walkthrough's calls (`live_check_limit` after; provider-call-budget.ts). The call is
 * counted with the still, in the transaction that queues its judgement: a refusal stores nothing.
 */
export async function storeTapStill(
  body: IncomingBody,
  inspectionId: string,
  partnerId: string,
  seq: number,
): Promise<{ judged: boolean }> {
  const tap = await db().checklistTap.findUnique({
    where: { inspectionId_seq: { inspectionId, seq } },
    include: { inspection: { select: { finishedAt: true, checklist: true } } },
  });
  if (!tap || tap.action !== "check")
    throw new ApiError("not_found", { message: "No check with that seq in this walkthrough.", detail: { parameter: "seq" } });
  if (tap.inspection.finishedAt)
    throw new ApiError("recording_closed", { message: "Done was tapped: stills are no longer judged." });
  const bytes = await readBodyBytes(body, tapStillMaxBytes);
  if (!isJpeg(bytes)) throw new ApiError("unsupported_media", { message: "A tap's still is a JPEG." });
  const key = recordingKeys.tapStill(inspectionId, seq);
  const judged = config().ANALYSIS_API_URL !== undefined;
  const items = parseChecklistSections(tap.inspection.checklist).flatMap((section) => section.items).length;
  await db().$transaction(async (tx) => {
    if (judged) await countLiveJudgement(tx, inspectionId, seq, providerCallLimits(items).live);
    await mediaStorage().put(key, bytes, { contentType: "image/jpeg" });
    await tx.checklistTap.update({
      where: { inspectionId_seq: { inspectionId, seq } },
      data: { liveStillKey: key, liveState: null, liveConfidence: null },
    });
    if (judged) await enqueue("judge-tap", { inspectionId, partnerId, seq }, { tx });
  });
  return { judged };
}

async function countLiveJudgement(tx: Tx, inspectionId: string, seq: number, liveLimit: number): Promise<void> {
  const { count } = await tx.checklistTap.updateMany({
    where: { inspectionId, seq, liveJudgements: { lt: judgementsPerTap } },
    data: { liveJudgements: { increment: 1 } },
  });
  if (count === 0) {
    throw new ApiError("tap_still_limit", {
      message: `This check's still was judged ${judgementsPerTap} times already; film the item again and check it off anew.`,
      detail: { limit: judgementsPerTap },
    });
  }
  if (!(await reserveProviderCall(inspectionId, liveLimit, tx))) {
    throw new ApiError("live_check_limit", {
      message: `This walkthrough's live checks are used up (${liveLimit}); the video is still checked once Done is tapped.`,
      detail: { limit: liveLimit },
    });
  }
}
