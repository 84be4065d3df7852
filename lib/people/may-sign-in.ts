import "server-only";
import { db } from "../db/client";

/**
 * Whether a sign-in link goes to this address: a person with a seat, an open owner invitation,
 * a staff member or a partner's console user.
 */
export async function mayReceiveSignInLink(email: string, now = new Date()): Promise<boolean> {
  const [seats, claims, staff, partnerUsers] = await Promise.all([
    db().seat.count({ where: { user: { email } } }),
    db().workspaceClaim.count({ where: { email, claimedAt: null, expiresAt: { gt: now } } }),
    db().staffMember.count({ where: { user: { email } } }),
    db().partnerUser.count({ where: { user: { email } } }),
  ]);
  return seats + claims + staff + partnerUsers > 0;
}
