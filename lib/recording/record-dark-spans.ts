import "server-only";
import { pool } from "../db/client";
import { ApiError } from "../errors/api-error";
import { recordingLimits } from "./recorder-state";

/** A stretch of a run the phone's preview measured too dark, in seconds from the run's start. */
export interface DarkSpanInput {
  run: number;
  from: number;
  to: number;
}

// Stored only while the walkthrough is open (no Done, not ended failed); a span already stored
// (same run, same start) is left as first sent.
const insertSql = `
  WITH open AS (SELECT id FROM inspection WHERE id = $1 AND finished_at IS NULL AND status = 'recording' FOR SHARE)
  INSERT INTO dark_span (inspection_id, run, from_seconds, to_seconds)
  SELECT open.id, e.run, e.from_seconds, e.to_seconds
  FROM open, unnest($2::int[], $3::float8[], $4::float8[]) AS e(run, from_seconds, to_seconds)
  ON CONFLICT (inspection_id, run, from_seconds) DO NOTHING`;

/**
 * Stores the phone's too-dark stretches (lib/recording/README.md, `POST /dark-spans`), sent after
 * each run stops. A span is known by its run and its start, so a resend is harmless; after Done a
 * batch already stored answers as before, and one with new spans is `409 recording_closed`.
 * Answers how many spans the walkthrough now holds.
 */
export async function recordDarkSpans(inspectionId: string, spans: DarkSpanInput[]): Promise<number> {
  const key = (span: { run: number; from: number }) => `${span.run}:${span.from}`;
  const { rows } = await pool().query<{ count: string }>(`SELECT count(*) AS count FROM dark_span WHERE inspection_id = $1`, [
    inspectionId,
  ]);
  if (Number(rows[0]!.count) + spans.length > recordingLimits.darkSpans) {
    throw new ApiError("invalid_request", {
      message: `A walkthrough holds at most ${recordingLimits.darkSpans} dark spans.`,
      detail: { parameter: "spans" },
    });
  }
  const result = await pool().query(insertSql, [
    inspectionId,
    spans.map((span) => span.run),
    spans.map((span) => span.from),
    spans.map((span) => span.to),
  ]);
  const { rows: after } = await pool().query<{ batch: string; total: string }>(
    `SELECT count(*) FILTER (WHERE (run, from_seconds) IN (SELECT * FROM unnest($2::int[], $3::float8[]))) AS batch,
            count(*) AS total
     FROM dark_span WHERE inspection_id = $1`,
    [inspectionId, spans.map((span) => span.run), spans.map((span) => span.from)],
  );
  // The insert skips a span it does not hold only when Done was tapped first, or the walkthrough ended.
  if (result.rowCount !== spans.length && Number(after[0]!.batch) < new Set(spans.map(key)).size) {
    throw new ApiError("recording_closed", { message: "Done was tapped: this walkthrough takes no more dark spans." });
  }
  return Number(after[0]!.total);
}
