import "server-only";
import { db } from "../db/client";
import type { EventTrack } from "../generated/prisma/enums";
import { requirePartner } from "./require-partner";

export const eventTracks: EventTrack[] = ["inspections", "reservations"];

/**
 * Which events the partner receives (spec, Events): the three inspection events, or
 * `workspace.*` and `reservation.*`. Deliveries already queued are decided again when sent.
 */
export async function setEventTrack(partnerId: string, track: EventTrack): Promise<{ previous: EventTrack; track: EventTrack }> {
  return db().$transaction(async (tx) => {
    const partner = await requirePartner(partnerId, tx);
    await tx.partner.update({ where: { id: partnerId }, data: { eventTrack: track } });
    return { previous: partner.eventTrack, track };
  });
}
