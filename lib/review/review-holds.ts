import "server-only";
import { db, type Tx } from "../db/client";
import { ApiError } from "../errors/api-error";

/*
 * Review holds: the reviewer working on a waiting walkthrough, so two never review the same one.
 * A hold is one row of review_lease per inspection (its primary key is the one-holder rule) and is
 * only ever taken by an upsert that replaces an expired row or the taker's own: the database
 * decides who wins, never a read followed by a write. It lapses `reviewHoldMinutes` after the
 * last sign of work (opening the desk, a decision, the desk's renewal while open).
 */

export const reviewHoldMinutes = 10;

export interface Reviewer {
  id: string;
  email: string;
  name?: string;
}

export interface Holder {
  userId: string;
  /** Who, as a person reads it: the name, else the email address. */
  label: string;
  expiresAt: Date;
}

export type HoldOutcome = { held: true } | { held: false; holder: Holder } | { held: false; notWaiting: true };

const lease = () => `${reviewHoldMinutes} minutes`;

/** The live holder of a walkthrough, if any. */
export async function holderOf(inspectionId: string, tx: Tx = db()): Promise<Holder | undefined> {
  const row = await tx.reviewLease.findFirst({
    where: { inspectionId, expiresAt: { gt: new Date() } },
    select: { holderId: true, expiresAt: true, holder: { select: { name: true, email: true } } },
  });
  return row ? { userId: row.holderId, label: row.holder.name ?? row.holder.email, expiresAt: row.expiresAt } : undefined;
}

/**
 * Holds (or renews) a waiting walkthrough for `reviewer`: taken when free, expired or already
 * theirs; refused, naming the holder, when another reviewer holds it. A walkthrough no longer
 * waiting (released, failed) is not held.
 */
export async function holdReview(inspectionId: string, reviewer: Reviewer, tx: Tx = db()): Promise<HoldOutcome> {
  const taken = await tx.$queryRaw<{ holder_id: string }[]>`
    INSERT INTO review_lease (inspection_id, holder_id, taken_at, expires_at)
    SELECT i.id, ${reviewer.id}::uuid, now(), now() + ${lease()}::interval
    FROM inspection i WHERE i.id = ${inspectionId}::uuid AND i.status = 'processing'
    ON CONFLICT (inspection_id) DO UPDATE
      SET holder_id = EXCLUDED.holder_id, expires_at = EXCLUDED.expires_at,
          taken_at = CASE WHEN review_lease.holder_id = EXCLUDED.holder_id THEN review_lease.taken_at ELSE now() END
      WHERE review_lease.holder_id = EXCLUDED.holder_id OR review_lease.expires_at <= now()
    RETURNING holder_id`;
  if (taken.length > 0) return { held: true };
  const holder = await holderOf(inspectionId, tx);
  return holder ? { held: false, holder } : { held: false, notWaiting: true };
}

/** Renewal is a hold by the same reviewer: it also takes back a hold that lapsed while nobody else took it. */
export const renewReview = holdReview;

/** The refusal a decision gets while another reviewer holds the walkthrough. */
export function heldByOther(holder: Holder): ApiError {
  return new ApiError("held_by_other", {
    message: `${holder.label} is reviewing this walkthrough. Take it over from the desk to work on it.`,
    detail: { holder: holder.label },
  });
}

/**
 * Before a reviewer's decision: renews their hold, or refuses (409, naming the holder) when
 * another reviewer holds the walkthrough. A walkthrough no longer waiting goes on to the
 * decision's own refusal.
 */
export async function requireHold(inspectionId: string, reviewer: Reviewer): Promise<void> {
  const outcome = await holdReview(inspectionId, reviewer);
  // A walkthrough no longer waiting (released by its last verdict, say) takes no new hold, and the
  // lease left on it may be the reviewer's own: only someone else's refuses.
  if (!outcome.held && "holder" in outcome && outcome.holder.userId !== reviewer.id) throw heldByOther(outcome.holder);
}

/** Lets go of the reviewer's own hold (another's is left alone). */
export async function releaseReviewHold(inspectionId: string, reviewer: Reviewer): Promise<void> {
  await db().reviewLease.deleteMany({ where: { inspectionId, holderId: reviewer.id } });
}

/**
 * Takes the walkthrough whoever holds it (explicit, audited by the caller in the same
 * transaction); answers who held it before, if anyone did.
 */
export async function takeOverReview(inspectionId: string, reviewer: Reviewer, tx: Tx): Promise<Holder | undefined> {
  await tx.$queryRaw`SELECT id FROM inspection WHERE id = ${inspectionId}::uuid FOR UPDATE`;
  const previous = await holderOf(inspectionId, tx);
  await tx.$executeRaw`
    INSERT INTO review_lease (inspection_id, holder_id, taken_at, expires_at)
    VALUES (${inspectionId}::uuid, ${reviewer.id}::uuid, now(), now() + ${lease()}::interval)
    ON CONFLICT (inspection_id) DO UPDATE
      SET holder_id = EXCLUDED.holder_id, taken_at = EXCLUDED.taken_at, expires_at = EXCLUDED.expires_at`;
  return previous && previous.userId !== reviewer.id ? previous : undefined;
}

/**
 * The oldest waiting walkthrough nobody else holds, held for `reviewer` (their own hold counts,
 * so a reviewer resumes the one they left). Candidates are locked with SKIP LOCKED so two
 * reviewers asking at once pass each other; the hold's upsert is the guard, so a candidate
 * taken in between is skipped and the next one tried.
 */
export async function nextToReview(reviewer: Reviewer): Promise<string | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const picked = await db().$transaction(async (tx) => {
      const [candidate] = await tx.$queryRaw<{ id: string }[]>`
        SELECT i.id FROM inspection i
        LEFT JOIN review_lease l ON l.inspection_id = i.id
        WHERE i.status = 'processing' AND i.analyzed_at IS NOT NULL
          AND (l.inspection_id IS NULL OR l.expires_at <= now() OR l.holder_id = ${reviewer.id}::uuid)
        ORDER BY (l.holder_id = ${reviewer.id}::uuid) IS TRUE DESC, i.sealed_at, i.id
        LIMIT 1
        FOR UPDATE OF i SKIP LOCKED`;
      if (candidate === undefined) return { done: true as const };
      const outcome = await holdReview(candidate.id, reviewer, tx);
      return outcome.held ? { done: true as const, id: candidate.id } : { done: false as const };
    });
    if (picked.done) return picked.id;
  }
  return undefined;
}
