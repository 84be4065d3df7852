import "server-only";
import type { Tx } from "../db/client";
import type { Reservation } from "../generated/prisma/client";
import { reservationCreatedEvent, reservationUpdatedEvent } from "../webhooks/payloads";
import { recordBuiltEvents } from "../webhooks/record-built-event";
import { calendarDay, serializeReservation } from "./reservation-record";

export interface StayFields {
  status: Reservation["status"];
  checkIn: string;
  checkOut: string;
}

export type StayChange =
  { kind: "created"; reservation: Reservation } | { kind: "updated"; reservation: Reservation; before: StayFields };

interface Home {
  workspaceExternalId: string;
  propertyExternalId: string;
  /** Present in the roster with billing on; otherwise its stays go as the stub. */
  on: boolean;
}

function changesOf(change: Extract<StayChange, { kind: "updated" }>, stub: boolean) {
  const after = {
    status: change.reservation.status,
    checkIn: calendarDay(change.reservation.checkIn),
    checkOut: calendarDay(change.reservation.checkOut),
  };
  return {
    ...(after.status !== change.before.status ? { status: { old: change.before.status, new: after.status } } : {}),
    ...(!stub && after.checkIn !== change.before.checkIn ? { check_in: { old: change.before.checkIn, new: after.checkIn } } : {}),
    ...(!stub && after.checkOut !== change.before.checkOut
      ? { check_out: { old: change.before.checkOut, new: after.checkOut } }
      : {}),
  };
}

/**
 * Records the `reservation.*` events of one poll in its transaction, built now (a stay's state
 * is what the poll saw). Only partners on the reservations track get them; the send-time rules
 * (lib/webhooks/claim-deliveries.ts) decide again before every attempt.
 */
export async function recordReservationEvents(tx: Tx, changes: StayChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  const property = await tx.property.findUniqueOrThrow({
    where: { id: changes[0]!.reservation.propertyId },
    select: {
      externalId: true,
      rosterStatus: true,
      billingActive: true,
      workspace: { select: { externalId: true, partnerId: true, partner: { select: { eventTrack: true } } } },
    },
  });
  if (property.workspace.partner.eventTrack !== "reservations") return;
  const home: Home = {
    workspaceExternalId: property.workspace.externalId,
    propertyExternalId: property.externalId,
    on: property.rosterStatus === "present" && property.billingActive,
  };
  const partnerId = property.workspace.partnerId;
  await recordBuiltEvents(
    tx,
    changes.map((change) => ({
      partnerId,
      eventType: change.kind === "created" ? "reservation.created" : "reservation.updated",
      workspaceId: change.reservation.workspaceId,
      propertyId: change.reservation.propertyId,
      body: (eventId: string) => {
        const common = {
          version: 1 as const,
          event_id: eventId,
          occurred_at: now.toISOString(),
          workspace_id: home.workspaceExternalId,
          reservation: serializeReservation(change.reservation, home.workspaceExternalId, home.propertyExternalId, {
            stub: !home.on,
          }),
        };
        return change.kind === "created"
          ? reservationCreatedEvent.parse({ ...common, event_type: "reservation.created" })
          : reservationUpdatedEvent.parse({ ...common, event_type: "reservation.updated", changes: changesOf(change, !home.on) });
      },
    })),
    now,
  );
}
