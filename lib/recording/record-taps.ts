import "server-only";
import { pool } from "../db/client";
import { ApiError } from "../errors/api-error";
import { parseChecklistSections } from "./open-inspection";
import { recordingLimits } from "./recorder-state";

export interface TapInput {
  seq: number;
  itemId: string;
  action: "check" | "uncheck";
  run: number;
  runSeconds: number;
}

// Stored only while the walkthrough is open (no Done, not ended failed); a seq already stored is left as it is.
const insertSql = `
  WITH open AS (SELECT id FROM inspection WHERE id = $1 AND finished_at IS NULL AND status = 'recording' FOR SHARE)
  INSERT INTO checklist_tap (inspection_id, seq, item_id, action, run, run_seconds)
  SELECT open.id, e.seq, e.item_id, e.action, e.run, e.run_seconds
  FROM open, unnest($2::int[], $3::uuid[], $4::"TapAction"[], $5::int[], $6::float8[]) AS e(seq, item_id, action, run, run_seconds)
  ON CONFLICT (inspection_id, seq) DO NOTHING`;

/**
 * Stores checklist taps as the cleaner made them (lib/recording/README.md,
 * `POST /checklist-events`). `seq` makes a resend harmless: a tap already stored is kept as first
 * sent. After Done, a batch whose taps are all stored answers as before (a resend of the last
 * batch), and one with new taps is `409 recording_closed`. Answers the highest seq now stored.
 */
export async function recordTaps(inspectionId: string, taps: TapInput[]): Promise<number> {
  const { rows } = await pool().query<{ checklist: unknown; count: string }>(
    `SELECT checklist, (SELECT count(*) FROM checklist_tap WHERE inspection_id = $1) AS count FROM inspection WHERE id = $1`,
    [inspectionId],
  );
  const head = rows[0]!;
  const itemIds = new Set(parseChecklistSections(head.checklist).flatMap((section) => section.items.map((item) => item.id)));
  taps.forEach((tap, index) => {
    if (!itemIds.has(tap.itemId)) {
      throw new ApiError("invalid_request", {
        message: "item_id is not an item of this walkthrough's checklist.",
        detail: { parameter: `events[${index}].item_id`, index },
      });
    }
  });
  if (Number(head.count) + taps.length > recordingLimits.taps) {
    throw new ApiError("invalid_request", {
      message: `A walkthrough holds at most ${recordingLimits.taps} taps.`,
      detail: { parameter: "events" },
    });
  }
  const result = await pool().query(insertSql, [
    inspectionId,
    taps.map((tap) => tap.seq),
    taps.map((tap) => tap.itemId),
    taps.map((tap) => tap.action),
    taps.map((tap) => tap.run),
    taps.map((tap) => tap.runSeconds),
  ]);
  const { rows: after } = await pool().query<{ batch: string; latest: number | null }>(
    `SELECT count(*) FILTER (WHERE seq = ANY($2::int[])) AS batch, max(seq) AS latest FROM checklist_tap WHERE inspection_id = $1`,
    [inspectionId, taps.map((tap) => tap.seq)],
  );
  // The insert skips a seq it does not hold only when Done was tapped first, or the walkthrough ended.
  if (result.rowCount !== taps.length && Number(after[0]!.batch) < new Set(taps.map((tap) => tap.seq)).size) {
    throw new ApiError("recording_closed", { message: "Done was tapped: this walkthrough takes no more taps." });
  }
  return after[0]!.latest ?? 0;
}
