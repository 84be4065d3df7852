import "server-only";
import { db } from "../db/client";
import type { PartnerStatus } from "../generated/prisma/enums";
import { requirePartner } from "./require-partner";

/**
 * Pauses or resumes a partner. Every request re-reads the status with its key, so a paused
 * partner's keys answer 403 partner_disabled from the next request on.
 */
export async function setPartnerStatus(
  partnerId: string,
  status: PartnerStatus,
): Promise<{ partnerId: string; status: PartnerStatus; previous: PartnerStatus }> {
  return db().$transaction(async (tx) => {
    const partner = await requirePartner(partnerId, tx);
    if (partner.status !== status) await tx.partner.update({ where: { id: partnerId }, data: { status } });
    return { partnerId, status, previous: partner.status };
  });
}
