import { pool } from "../db/client";
import type { RecordingSource } from "../generated/prisma/enums";
import { ApiError } from "../http/errors";
import { PartChecksumError, PartConflictError } from "../media/errors";
import { mediaStorage } from "../media/media-storage";
import { NotARecordingError, PartTooLargeError, gatedPartBody } from "./part-body";
import { recordingKeys, recordingLimits } from "./recorder-state";

export interface PartUpload {
  inspectionId: string;
  partNumber: number;
  run: number;
  source: RecordingSource;
  contentType: string;
  sha256: string;
  /** Content-Length when the request declared one. */
  declaredBytes?: number;
}

export interface StoredPartAnswer {
  partNumber: number;
  size: number;
  sha256: string;
  /** True when this part was already stored with these bytes: nothing was written. */
  duplicate: boolean;
}

interface Known {
  finished: boolean;
  source: RecordingSource | null;
  stored_bytes: string;
  part_sha256: string | null;
  part_size: number | null;
  /** Whether a part of the same run with a lower number is stored: this one is then not the run's first. */
  has_earlier: boolean;
}

const knownSql = `
  SELECT i.finished_at IS NOT NULL AS finished, i.source,
         COALESCE((SELECT sum(size) FROM recording_part r WHERE r.inspection_id = i.id), 0) AS stored_bytes,
         p.sha256 AS part_sha256, p.size AS part_size,
         EXISTS (SELECT 1 FROM recording_part e WHERE e.inspection_id = i.id AND e.run = $3 AND e.part_number < $2) AS has_earlier
  FROM inspection i
  LEFT JOIN recording_part p ON p.inspection_id = i.id AND p.part_number = $2
  WHERE i.id = $1`;

// The row is written only while the walkthrough is open: Done takes this row's lock for update.
const recordSql = `
  WITH open AS (SELECT id FROM inspection WHERE id = $1 AND finished_at IS NULL FOR SHARE)
  INSERT INTO recording_part (inspection_id, part_number, run, size, sha256, content_type)
  SELECT id, $2, $3, $4, $5, $6 FROM open
  ON CONFLICT (inspection_id, part_number) DO NOTHING
  RETURNING part_number`;

function tooLarge(limitBytes: number): ApiError {
  return new ApiError("payload_too_large", {
    message: `The part is larger than this walkthrough allows (${limitBytes} bytes left).`,
    detail: { limit_bytes: limitBytes },
    headers: { Connection: "close" },
  });
}

/** The checks that need no bytes: what is stored already, whether the walkthrough still takes parts, and the caps. */
async function checkBeforeStoring(upload: PartUpload): Promise<{ answer?: StoredPartAnswer; limitBytes: number; checkHead: boolean }> {
  const { rows } = await pool().query<Known>(knownSql, [upload.inspectionId, upload.partNumber, upload.run]);
  const known = rows[0]!;
  if (known.part_sha256 !== null) {
    if (known.part_sha256 !== upload.sha256) throw new ApiError("part_conflict", { message: `Part ${upload.partNumber} is already stored with other bytes.` });
    return { answer: { partNumber: upload.partNumber, size: known.part_size!, sha256: known.part_sha256, duplicate: true }, limitBytes: 0, checkHead: false };
  }
  if (known.finished) throw new ApiError("recording_closed", { message: "Done was tapped: this walkthrough takes no more parts." });
  if (known.source !== null && known.source !== upload.source) {
    throw new ApiError("invalid_request", {
      message: `X-Recording-Source must stay ${known.source} for every part of this walkthrough.`,
      detail: { parameter: "X-Recording-Source" },
    });
  }
  const left = recordingLimits.recordingBytes - Number(known.stored_bytes);
  const limitBytes = Math.min(recordingLimits.partBytes, left);
  if (upload.declaredBytes !== undefined && upload.declaredBytes > limitBytes) throw tooLarge(limitBytes);
  return { limitBytes, checkHead: !known.has_earlier };
}

/**
 * Stores one numbered part of the walkthrough (lib/recording/README.md, `PUT /parts/{n}`).
 * Idempotent: the same bytes again answer `duplicate` and write nothing; other bytes under a
 * stored number are `409 part_conflict`. The bytes go to media storage first and the row after,
 * so a row always names stored bytes; a crash between the two leaves bytes that the resend
 * finds (the media layer answers them as a duplicate) and records.
 */
export async function storePart(request: Request, upload: PartUpload): Promise<StoredPartAnswer> {
  const checked = await checkBeforeStoring(upload);
  if (checked.answer) return checked.answer;
  await pool().query("UPDATE inspection SET source = $2 WHERE id = $1 AND source IS NULL", [upload.inspectionId, upload.source]);

  let stored;
  try {
    const body = gatedPartBody(request, { limitBytes: checked.limitBytes, checkHead: checked.checkHead });
    stored = await mediaStorage().appendPart(recordingKeys.upload(upload.inspectionId), upload.partNumber, body, { sha256: upload.sha256 });
  } catch (error) {
    if (error instanceof PartTooLargeError) throw tooLarge(error.limitBytes);
    if (error instanceof NotARecordingError) {
      throw new ApiError("unsupported_media", { message: "The first part of a run must start an MP4 or WebM recording." });
    }
    if (error instanceof PartChecksumError) {
      throw new ApiError("part_checksum_mismatch", { message: "The body does not hash to X-Part-SHA256; nothing was stored." });
    }
    if (error instanceof PartConflictError) throw new ApiError("part_conflict", { message: `Part ${upload.partNumber} is already stored with other bytes.` });
    throw error;
  }

  const recorded = await pool().query(recordSql, [upload.inspectionId, upload.partNumber, upload.run, stored.size, stored.sha256, upload.contentType]);
  if (recorded.rowCount === 0) {
    // Done was tapped while the bytes streamed, or another request recorded this number first.
    const again = await checkBeforeStoring(upload);
    if (again.answer) return again.answer;
    throw new ApiError("recording_closed", { message: "Done was tapped: this walkthrough takes no more parts." });
  }
  return { partNumber: stored.partNumber, size: stored.size, sha256: stored.sha256, duplicate: stored.duplicate };
}
