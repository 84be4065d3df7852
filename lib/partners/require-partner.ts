import "server-only";
import { db, type Tx } from "../db/client";

export class PartnerNotFoundError extends Error {
  constructor(partnerId: string) {
    super(`No partner ${partnerId}.`);
  }
}

/** The partner's current status, cap and retention, or a refusal naming the id: staff typos must not pass silently. */
export async function requirePartner(partnerId: string, tx: Tx = db()) {
  const partner = await tx.partner.findUnique({
    where: { id: partnerId },
    select: { id: true, name: true, status: true, rosterMax: true, eventTrack: true, recordingRetentionDays: true },
  });
  if (!partner) throw new PartnerNotFoundError(partnerId);
  return partner;
}
