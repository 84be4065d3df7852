import "server-only";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import { log } from "../log";
import { failRecording } from "./seal-recording";

/*
 * Abandoned: open (status `recording`, no Done: `finished_at` unset) and no sign of life for
 * RECORDING_ABANDON_DAYS: the latest of the opening, its parts' and taps' arrival, and a part
 * being uploaded now (its reservation) is older than that. One condition, used to find them and
 * to check each again under its row lock.
 */
const abandonedWhere = `
  i.status = 'recording' AND i.finished_at IS NULL
  AND GREATEST(
    i.opened_at,
    (SELECT max(p.received_at) FROM recording_part p WHERE p.inspection_id = i.id),
    (SELECT max(t.received_at) FROM checklist_tap t WHERE t.inspection_id = i.id),
    (SELECT max(r.reserved_at) FROM recording_reservation r WHERE r.inspection_id = i.id)
  ) < $1`;

/** Reservations no upload can still be using (lib/recording/store-part.ts counts an hour). */
const staleReservationsSql = `DELETE FROM recording_reservation WHERE reserved_at < now() - interval '1 day'`;

/** Under the inspection's row lock, which a part or tap being stored takes too: still abandoned? */
async function stillAbandoned(tx: Tx, inspectionId: string, before: Date): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT i.id FROM inspection i WHERE i.id = $2::uuid AND ${abandonedWhere} FOR UPDATE OF i`,
    before,
    inspectionId,
  );
  return rows.length > 0;
}

/**
 * Ends every abandoned walkthrough `failed` (`abandoned`), through failRecording: `inspection.failed`
 * recorded, parts deleted. Idempotent (a failed one is no longer open); answers how many it ended.
 */
export async function expireAbandonedRecordings(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - config().RECORDING_ABANDON_DAYS * 86_400_000);
  const candidates = await db().$queryRawUnsafe<{ id: string }[]>(
    `SELECT i.id FROM inspection i WHERE ${abandonedWhere} ORDER BY i.opened_at`,
    before,
  );
  let ended = 0;
  for (const { id } of candidates) {
    if (await failRecording(id, "abandoned", (tx) => stillAbandoned(tx, id, before))) ended += 1;
  }
  await db().$executeRawUnsafe(staleReservationsSql);
  if (ended > 0)
    log().warn({ count: ended, days: config().RECORDING_ABANDON_DAYS }, "walkthroughs never finished ended failed (abandoned)");
  return ended;
}
