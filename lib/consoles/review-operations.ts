import "server-only";
import { randomUUID } from "node:crypto";
import { config } from "../config";
import { db } from "../db/client";
import { failInspection, releaseReport } from "../inspections/release-report";
import { enqueue } from "../queue/enqueue";
import { ApiError } from "../errors/api-error";
import { analysisStats } from "../review/analysis-stats";
import { decideItem } from "../review/decide-item";
import { listReviewQueue } from "../review/list-review-queue";
import { holdReview, releaseReviewHold, type Reviewer, requireHold, takeOverReview } from "../review/review-holds";
import { reviewFinding } from "../review/review-finding";
import { showReview } from "../review/show-review";
import { checkStaffFinding } from "../review/staff-finding-rules";
import { isUuid } from "../validation/uuid";
import { type Actor, recordAudit } from "./audit";
import { parseInput } from "../validation/parse-input";
import { failBody, findingReviewBody, itemVerdictBody } from "./schemas";

/*
 * The review queue as the admin console works it: the lib/review functions the CLI calls, each
 * change audited under the inspection's partner. A body is parsed once the inspection is found:
 * an unknown one is 404 whatever the body says.
 */

const notFound = () => new ApiError("not_found", { message: "No such inspection." });

/** The partner whose data the inspection is: what its audit entries are filed under. */
export async function partnerOf(inspectionId: string): Promise<string> {
  const inspection = isUuid(inspectionId)
    ? await db().inspection.findUnique({ where: { id: inspectionId }, select: { workspace: { select: { partnerId: true } } } })
    : null;
  if (inspection === null) throw notFound();
  return inspection.workspace.partnerId;
}

/**
 * A signed-in reviewer's decision renews their hold, or is refused (409, naming the holder) while
 * another reviewer holds the walkthrough. The staff CLI is the operator's override: it acts
 * whatever the holds.
 */
async function holdFor(actor: Actor, inspectionId: string): Promise<void> {
  if (!("cli" in actor)) await requireHold(inspectionId, { id: actor.userId, email: actor.email });
}

/** The desk's renewal (and its first hold): who holds the walkthrough afterwards. */
export async function holdAs(reviewer: Reviewer, inspectionId: string) {
  await partnerOf(inspectionId);
  const outcome = await holdReview(inspectionId, reviewer);
  if (outcome.held) return { held: true };
  return "holder" in outcome ? { held: false, holder: outcome.holder.label } : { held: false, waiting: false };
}

export async function releaseHoldAs(reviewer: Reviewer, inspectionId: string) {
  await partnerOf(inspectionId);
  await releaseReviewHold(inspectionId, reviewer);
  return { held: false };
}

/** Taking a walkthrough another reviewer holds: explicit, and audited with whom it was taken from. */
export async function takeOverAs(reviewer: Reviewer, inspectionId: string) {
  const partnerId = await partnerOf(inspectionId);
  await db().$transaction(async (tx) => {
    const previous = await takeOverReview(inspectionId, reviewer, tx);
    await recordAudit(
      {
        actor: { userId: reviewer.id, email: reviewer.email },
        partnerId,
        action: "review.take_over",
        objectType: "inspection",
        objectId: inspectionId,
        detail: previous ? { from: previous.label } : {},
      },
      tx,
    );
  });
  return { held: true };
}

export async function reviewQueue() {
  const [queue, stats] = await Promise.all([listReviewQueue(), analysisStats()]);
  return {
    queue: queue.map((entry) => ({ ...entry, sealedAt: entry.sealedAt.toISOString() })),
    stats,
    targetMinutes: config().REVIEW_TARGET_MINUTES,
  };
}

export async function reviewOf(inspectionId: string) {
  await partnerOf(inspectionId);
  return showReview(inspectionId);
}

export async function decideItemAs(actor: Actor, inspectionId: string, itemId: string, body: unknown) {
  const partnerId = await partnerOf(inspectionId);
  await holdFor(actor, inspectionId);
  const { state } = parseInput(itemVerdictBody, body);
  if (!isUuid(itemId)) throw new ApiError("not_found", { message: "No such checklist item." });
  // The desk releases on "Release and next" only, so a wrong last keystroke can still be put right.
  await decideItem(inspectionId, itemId, state, { releaseWhenDone: false });
  await recordAudit({
    actor,
    partnerId,
    action: "review.decide_item",
    objectType: "inspection",
    objectId: inspectionId,
    detail: { item_id: itemId, state },
  });
  return { state };
}

export async function reviewFindingAs(actor: Actor, inspectionId: string, findingId: string, body: unknown) {
  const partnerId = await partnerOf(inspectionId);
  await holdFor(actor, inspectionId);
  const { accept } = parseInput(findingReviewBody, body);
  const finding = isUuid(findingId)
    ? await db().finding.findFirst({ where: { id: findingId, inspectionId }, select: { id: true } })
    : null;
  if (finding === null) throw new ApiError("not_found", { message: "No such finding." });
  await reviewFinding(findingId, accept, { releaseWhenDone: false });
  await recordAudit({
    actor,
    partnerId,
    action: accept ? "review.accept_finding" : "review.reject_finding",
    objectType: "finding",
    objectId: findingId,
    detail: { inspection_id: inspectionId },
  });
  return { accepted: accept };
}

/**
 * A finding seen on a paused frame: checked here, made by the worker (cutting the frame and
 * matching it to the baseline need ffmpeg and the image decoder, which the web side never loads).
 * Answers its id at once; the desk shows it when the job has made it.
 */
export async function addFindingAs(actor: Actor, inspectionId: string, body: unknown) {
  const partnerId = await partnerOf(inspectionId);
  await holdFor(actor, inspectionId);
  const { room, description, severity, category, atSeconds } = checkStaffFinding(body);
  const status = (await db().inspection.findUniqueOrThrow({ where: { id: inspectionId }, select: { status: true } })).status;
  if (status !== "processing")
    throw new ApiError("findings_final", { message: `The inspection is ${status}: its findings are final.` });
  const findingId = randomUUID();
  await enqueue("add-staff-finding", { inspectionId, findingId, room, description, severity, category, atSeconds });
  await recordAudit({
    actor,
    partnerId,
    action: "review.add_finding",
    objectType: "finding",
    objectId: findingId,
    detail: { inspection_id: inspectionId, room, severity, category, at_seconds: atSeconds },
  });
  return { findingId };
}

export async function releaseAs(actor: Actor, inspectionId: string) {
  const partnerId = await partnerOf(inspectionId);
  await holdFor(actor, inspectionId);
  await releaseReport(inspectionId);
  await recordAudit({ actor, partnerId, action: "review.release", objectType: "inspection", objectId: inspectionId });
  return { status: "completed" };
}

export async function failAs(actor: Actor, inspectionId: string, body: unknown) {
  const partnerId = await partnerOf(inspectionId);
  await holdFor(actor, inspectionId);
  const { reason } = parseInput(failBody, body);
  if (!(await failInspection(inspectionId, reason)))
    throw new ApiError("not_running", { message: "Only an inspection being recorded or processed can be failed." });
  await recordAudit({
    actor,
    partnerId,
    action: "review.fail",
    objectType: "inspection",
    objectId: inspectionId,
    detail: { reason },
  });
  return { status: "failed" };
}
