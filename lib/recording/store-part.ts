import "server-only";
import { db, pool } from "../db/client";
import type { RecordingSource } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";
import type { IncomingBody } from "../http/body";
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
  /** The sender's User-Agent, for the recording record (lib/evidence). */
  userAgent?: string;
  /** The phone's claims for the recording record: its run's start by its clock, a chosen file's last-modified time. */
  deviceStartedAt?: Date;
  fileLastModifiedAt?: Date;
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
  status: string;
  source: RecordingSource | null;
  part_sha256: string | null;
  part_size: number | null;
  /** Whether a part of the same run with a lower number is stored: this one is then not the run's first. */
  has_earlier: boolean;
}

const knownSql = `
  SELECT i.finished_at IS NOT NULL AS finished, i.status, i.source,
         p.sha256 AS part_sha256, p.size AS part_size,
         EXISTS (SELECT 1 FROM recording_part e WHERE e.inspection_id = i.id AND e.run = $3 AND e.part_number < $2) AS has_earlier
  FROM inspection i
  LEFT JOIN recording_part p ON p.inspection_id = i.id AND p.part_number = $2
  WHERE i.id = $1`;

/**
 * What the walkthrough holds against its cap: its stored parts and the parts being uploaded now
 * (a reservation older than an hour is one whose upload died with its process). Read after the
 * inspection's row lock is taken, so it sees every reservation and part committed before.
 */
const heldSql = `
  SELECT COALESCE((SELECT sum(size) FROM recording_part WHERE inspection_id = $1), 0)
       + COALESCE((SELECT sum(bytes) FROM recording_reservation WHERE inspection_id = $1 AND reserved_at > now() - interval '1 hour'), 0) AS held`;

// Only while the walkthrough is open (Done and a failure take this row's lock for update), and in
// one statement with the end of the part's reservation: its bytes are counted once, always.
const recordSql = `
  WITH open AS (SELECT id FROM inspection WHERE id = $1 AND finished_at IS NULL AND status = 'recording' FOR SHARE),
       released AS (DELETE FROM recording_reservation WHERE id = $7::uuid AND EXISTS (SELECT 1 FROM open))
  INSERT INTO recording_part (inspection_id, part_number, run, size, sha256, content_type, user_agent, device_started_at, file_last_modified_at)
  SELECT id, $2, $3, $4, $5, $6, $8, $9, $10 FROM open
  ON CONFLICT (inspection_id, part_number) DO NOTHING
  RETURNING part_number`;

const closed = () =>
  new ApiError("recording_closed", { message: "This walkthrough was finished or has ended: it takes no more parts." });

function tooLarge(limitBytes: number): ApiError {
  return new ApiError("payload_too_large", {
    message: `The part is larger than this walkthrough allows (${limitBytes} bytes left).`,
    detail: { limit_bytes: limitBytes },
    headers: { Connection: "close" },
  });
}

/** The checks that need no bytes: what is stored already, whether the walkthrough still takes parts, its source. */
async function checkBeforeStoring(upload: PartUpload): Promise<{ answer?: StoredPartAnswer; checkHead: boolean }> {
  const { rows } = await pool().query<Known>(knownSql, [upload.inspectionId, upload.partNumber, upload.run]);
  const known = rows[0]!;
  if (known.part_sha256 !== null) {
    if (known.part_sha256 !== upload.sha256)
      throw new ApiError("part_conflict", { message: `Part ${upload.partNumber} is already stored with other bytes.` });
    return {
      answer: { partNumber: upload.partNumber, size: known.part_size!, sha256: known.part_sha256, duplicate: true },
      checkHead: false,
    };
  }
  if (known.finished || known.status !== "recording") throw closed();
  if (known.source !== null && known.source !== upload.source) {
    throw new ApiError("invalid_request", {
      message: `X-Recording-Source must stay ${known.source} for every part of this walkthrough.`,
      detail: { parameter: "X-Recording-Source" },
    });
  }
  return { checkHead: !known.has_earlier };
}

/**
 * Reserves the part's bytes against the walkthrough's cap before any is read: its declared
 * length, or all it may still hold when it declares none. Under the inspection's row lock, so
 * parts uploaded at once take turns here and never together pass the cap.
 */
async function reserveBytes(upload: PartUpload): Promise<{ id: string; bytes: number }> {
  return db().$transaction(async (tx) => {
    const open = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM inspection WHERE id = ${upload.inspectionId}::uuid AND finished_at IS NULL AND status = 'recording' FOR UPDATE`;
    if (open.length === 0) throw closed();
    const [row] = await tx.$queryRawUnsafe<{ held: bigint | number | string }[]>(heldSql, upload.inspectionId);
    const limitBytes = Math.max(0, Math.min(recordingLimits.partBytes, recordingLimits.recordingBytes - Number(row!.held)));
    if (upload.declaredBytes !== undefined && upload.declaredBytes > limitBytes) throw tooLarge(limitBytes);
    const bytes = upload.declaredBytes ?? limitBytes;
    if (bytes === 0 && upload.declaredBytes === undefined) throw tooLarge(0);
    const reservation = await tx.recordingReservation.create({
      data: { inspectionId: upload.inspectionId, bytes },
      select: { id: true },
    });
    return { id: reservation.id, bytes };
  });
}

/**
 * Stores one numbered part of the walkthrough (lib/recording/README.md, `PUT /parts/{n}`).
 * Idempotent: the same bytes again answer `duplicate` and write nothing; other bytes under a
 * stored number are `409 part_conflict`. The bytes go to media storage first and the row after,
 * so a row always names stored bytes; a crash between the two leaves bytes that the resend
 * finds (the media layer answers them as a duplicate) and records.
 */
export async function storePart(body: IncomingBody, upload: PartUpload): Promise<StoredPartAnswer> {
  const checked = await checkBeforeStoring(upload);
  if (checked.answer) return checked.answer;
  const reservation = await reserveBytes(upload);
  try {
    await pool().query("UPDATE inspection SET source = $2 WHERE id = $1 AND source IS NULL", [
      upload.inspectionId,
      upload.source,
    ]);
    return await storeReserved(body, upload, checked.checkHead, reservation);
  } finally {
    // Recorded: already gone with the part's row. Refused or failed: its bytes are free again.
    await pool().query("DELETE FROM recording_reservation WHERE id = $1", [reservation.id]);
  }
}

async function storeReserved(
  incoming: IncomingBody,
  upload: PartUpload,
  checkHead: boolean,
  reservation: { id: string; bytes: number },
): Promise<StoredPartAnswer> {
  let stored;
  try {
    const body = gatedPartBody(incoming, { limitBytes: reservation.bytes, checkHead });
    stored = await mediaStorage().appendPart(recordingKeys.upload(upload.inspectionId), upload.partNumber, body, {
      sha256: upload.sha256,
    });
  } catch (error) {
    if (error instanceof PartTooLargeError) throw tooLarge(error.limitBytes);
    if (error instanceof NotARecordingError) {
      throw new ApiError("unsupported_media", { message: "The first part of a run must start an MP4 or WebM recording." });
    }
    if (error instanceof PartChecksumError) {
      throw new ApiError("part_checksum_mismatch", { message: "The body does not hash to X-Part-SHA256; nothing was stored." });
    }
    if (error instanceof PartConflictError)
      throw new ApiError("part_conflict", { message: `Part ${upload.partNumber} is already stored with other bytes.` });
    throw error;
  }

  const recorded = await pool().query(recordSql, [
    upload.inspectionId,
    upload.partNumber,
    upload.run,
    stored.size,
    stored.sha256,
    upload.contentType,
    reservation.id,
    upload.userAgent ?? null,
    upload.deviceStartedAt ?? null,
    upload.fileLastModifiedAt ?? null,
  ]);
  if (recorded.rowCount === 0) {
    // Done was tapped (or the walkthrough ended) while the bytes streamed, or another request recorded this number first.
    const again = await checkBeforeStoring(upload);
    if (again.answer) return again.answer;
    throw closed();
  }
  return { partNumber: stored.partNumber, size: stored.size, sha256: stored.sha256, duplicate: stored.duplicate };
}
