import { pool } from "../db/client";
import { ApiError } from "../http/errors";

/**
 * After the walk, the cleaner explains an item the results call `missed` in their own words: it
 * becomes `explained` with that `reason` (spec, Checklist result block: missed -> explained; the
 * API shows the new state, and no webhook already delivered is sent again). Explaining an item
 * already explained with the same words answers as before.
 */
export async function explainItem(inspectionId: string, itemId: string, reason: string): Promise<void> {
  const { rows } = await pool().query<{ state: string; reason: string | null }>(
    `UPDATE inspection_item SET state = 'explained', reason = $3, decided_by = 'cleaner', updated_at = now()
     WHERE inspection_id = $1 AND item_id = $2 AND state = 'missed'
     RETURNING state, reason`,
    [inspectionId, itemId, reason],
  );
  if (rows.length > 0) return;
  const { rows: current } = await pool().query<{ state: string; reason: string | null }>(
    "SELECT state, reason FROM inspection_item WHERE inspection_id = $1 AND item_id = $2",
    [inspectionId, itemId],
  );
  const line = current[0];
  if (!line) {
    throw new ApiError("not_found", { message: "This walkthrough has no result for that item yet.", detail: { parameter: "item_id" } });
  }
  if (line.state === "explained" && line.reason === reason) return;
  throw new ApiError("item_not_missed", { message: `Only a missed item can be explained; this one is ${line.state}.` });
}
