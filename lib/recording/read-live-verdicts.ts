import "server-only";
import { db } from "../db/client";

/** The hint of each item's latest check, for the phone: `missed` asks to film it again. */
export async function readLiveVerdicts(
  inspectionId: string,
): Promise<{ itemId: string; seq: number; state: "verified" | "missed" }[]> {
  const rows = await db().$queryRaw<{ item_id: string; seq: number; live_state: "verified" | "missed" }[]>`
    SELECT DISTINCT ON (item_id) item_id, seq, live_state::text AS live_state
    FROM checklist_tap
    WHERE inspection_id = ${inspectionId}::uuid AND action = 'check'
    ORDER BY item_id, seq DESC`;
  return rows
    .filter((row) => row.live_state !== null)
    .map((row) => ({ itemId: row.item_id, seq: row.seq, state: row.live_state }));
}
