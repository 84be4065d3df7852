import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { deliverableEmail } from "../auth/email-address";
import { ApiError } from "../errors/api-error";

const dayMs = 86_400_000;

/** An address mail can reach (`400 invalid_email` naming `email` otherwise). */
export function demoAddress(input: string): string {
  const email = deliverableEmail(input);
  if (email === undefined)
    throw new ApiError("invalid_email", {
      message: "email is not an address mail can be sent to.",
      detail: { parameter: "email" },
    });
  return email;
}

/**
 * At most DEMO_SUBMISSIONS_PER_EMAIL_PER_DAY of something per address in any 24 hours, so the
 * demo cannot be turned into a way of mailing (or filing requests for) someone else: `429` with
 * `Retry-After` until the oldest of them leaves the window. `recent` is their times, oldest first.
 */
export function assertUnderDailyLimit(recent: Date[], what: string, now = new Date()): void {
  if (recent.length < config().DEMO_SUBMISSIONS_PER_EMAIL_PER_DAY) return;
  const retryAfter = Math.max(1, Math.ceil((recent[0]!.getTime() + dayMs - now.getTime()) / 1000));
  throw new ApiError("too_many_requests", {
    message: `Too many ${what} for this address today.`,
    headers: { "Retry-After": String(retryAfter) },
  });
}

/** The times of whatever an address sent in the last 24 hours, oldest first, for `assertUnderDailyLimit`. */
export const lastDay = (now = new Date()) => ({ gt: new Date(now.getTime() - dayMs) });

export async function assertEmailUnderLimit(email: string, now = new Date()): Promise<void> {
  const recent = await db().demoSubmission.findMany({
    where: { email, createdAt: lastDay(now) },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  assertUnderDailyLimit(
    recent.map((row) => row.createdAt),
    "demo submissions",
    now,
  );
}

/** An unconfirmed submission is deleted after a day; a confirmed one after DEMO_RETENTION_DAYS. */
export const unconfirmedLifetimeMs = dayMs;
export const retentionMs = () => config().DEMO_RETENTION_DAYS * dayMs;
