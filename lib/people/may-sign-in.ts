import { db } from "../db/client";

/** Whether a sign-in link goes to this address: a person with a seat, or one with an open owner invitation. */
export async function mayReceiveSignInLink(email: string, now = new Date()): Promise<boolean> {
  const [seats, claims] = await Promise.all([
    db().seat.count({ where: { user: { email } } }),
    db().workspaceClaim.count({ where: { email, claimedAt: null, expiresAt: { gt: now } } }),
  ]);
  return seats + claims > 0;
}
