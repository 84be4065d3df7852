import "server-only";
import { db } from "../db/client";
import { requirePartner } from "./require-partner";

/** Sets the largest roster one import of this partner may carry (spec, Limits: raised on request). */
export async function setRosterMax(
  partnerId: string,
  rosterMax: number,
): Promise<{ partnerId: string; rosterMax: number; previous: number }> {
  if (!Number.isSafeInteger(rosterMax) || rosterMax < 1) {
    throw new RangeError("The roster cap must be a positive integer.");
  }
  return db().$transaction(async (tx) => {
    const partner = await requirePartner(partnerId, tx);
    await tx.partner.update({ where: { id: partnerId }, data: { rosterMax } });
    return { partnerId, rosterMax, previous: partner.rosterMax };
  });
}
