import { config } from "../config";
import { db } from "../db/client";
import { ApiError } from "../http/errors";
import { enqueue } from "../jobs/queue";
import { mediaStorage } from "../media/media-storage";
import { readBodyBytes } from "../http/body";
import { recordingKeys } from "./recorder-state";

/** A still of the camera at a check, taken on the phone: small by nature. */
export const tapStillMaxBytes = 2 * 1024 * 1024;

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * `PUT /taps/{seq}/still`: the picture the phone took when the cleaner checked an item off,
 * judged at once by the provider when there is one (lib/jobs/judge-tap-job.ts), so a check the
 * camera did not show can be filmed again before the walk ends. Only while the walkthrough is
 * open; sending it again replaces it. Answers whether it will be judged.
 */
export async function storeTapStill(request: Request, inspectionId: string, partnerId: string, seq: number): Promise<{ judged: boolean }> {
  const tap = await db().checklistTap.findUnique({ where: { inspectionId_seq: { inspectionId, seq } }, include: { inspection: { select: { finishedAt: true } } } });
  if (!tap || tap.action !== "check") throw new ApiError("not_found", { message: "No check with that seq in this walkthrough.", detail: { parameter: "seq" } });
  if (tap.inspection.finishedAt) throw new ApiError("recording_closed", { message: "Done was tapped: stills are no longer judged." });
  const bytes = await readBodyBytes(request, tapStillMaxBytes);
  if (!isJpeg(bytes)) throw new ApiError("unsupported_media", { message: "A tap's still is a JPEG." });
  const key = recordingKeys.tapStill(inspectionId, seq);
  await mediaStorage().put(key, bytes, { contentType: "image/jpeg" });
  const judged = config().ANALYSIS_API_URL !== undefined;
  await db().$transaction(async (tx) => {
    await tx.checklistTap.update({ where: { inspectionId_seq: { inspectionId, seq } }, data: { liveStillKey: key, liveState: null, liveConfidence: null } });
    if (judged) await enqueue("judge-tap", { inspectionId, partnerId, seq }, { tx });
  });
  return { judged };
}
