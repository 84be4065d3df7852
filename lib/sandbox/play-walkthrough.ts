import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pool } from "../db/client";
import { log } from "../log";
import { finishRecording } from "../recording/finish-recording";
import { parseChecklistSections } from "../recording/open-inspection";
import { recordTaps } from "../recording/record-taps";
import { storePart } from "../recording/store-part";

/** The recording every sandbox walkthrough uploads: 8 seconds of H.264 in MP4, made once with ffmpeg (README). */
export const sandboxVideoFile = () => path.join(process.cwd(), "lib", "sandbox", "media", "walkthrough.mp4");
export const sandboxVideoSeconds = 8;
// Small parts, so the upload is several parts in order, as a phone sends them.
const partBytes = 64 * 1024;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function partsOf(video: Buffer): { partNumber: number; bytes: Buffer; sha256: string }[] {
  const parts = [];
  for (let offset = 0; offset < video.length; offset += partBytes) {
    const bytes = video.subarray(offset, offset + partBytes);
    parts.push({ partNumber: parts.length + 1, bytes, sha256: sha256(bytes) });
  }
  return parts;
}

/**
 * The phone's side of a sandbox walkthrough (a job): the shipped recording uploaded in parts with
 * their SHA-256, a check tap for every checklist item spread over the video, then Done, which
 * queues the seal; from there the real pipeline runs (seal, analysis by the sandbox provider,
 * release, events). It calls the same functions the recorder's API calls (lib/recording): no
 * HTTP hop to itself, so it needs no address of its own and spends none of the link's rate limit.
 *
 * Idempotent, as the recorder's calls are: a part already stored with these bytes, a tap already
 * stored and the same Done again all answer as before, so a retry after a restart finishes the job.
 */
export async function playSandboxWalkthrough(inspectionId: string, partnerId: string): Promise<void> {
  const { rows } = await pool().query<{ finished: boolean; status: string; checklist: unknown }>(
    "SELECT finished_at IS NOT NULL AS finished, status, checklist FROM inspection WHERE id = $1",
    [inspectionId],
  );
  const inspection = rows[0];
  if (!inspection || inspection.finished || inspection.status !== "recording") return;

  const parts = partsOf(await readFile(sandboxVideoFile()));
  for (const part of parts) {
    await storePart(
      { stream: new Blob([new Uint8Array(part.bytes)]).stream(), contentLength: part.bytes.length, contentType: "video/mp4" },
      {
        inspectionId,
        partNumber: part.partNumber,
        run: 0,
        source: "camera",
        contentType: "video/mp4",
        sha256: part.sha256,
        declaredBytes: part.bytes.length,
      },
    );
  }
  const items = parseChecklistSections(inspection.checklist).flatMap((section) => section.items);
  const taps = items.map((item, index) => ({
    seq: index + 1,
    itemId: item.id,
    action: "check" as const,
    run: 0,
    runSeconds: Math.round(((index + 1) * sandboxVideoSeconds * 100) / (items.length + 1)) / 100,
  }));
  if (taps.length > 0) await recordTaps(inspectionId, taps);
  await finishRecording(inspectionId, partnerId, {
    parts: parts.map((part) => ({ partNumber: part.partNumber, sha256: part.sha256 })),
    finishAnyway: [],
    eventsSeq: taps.length,
  });
  log().info({ inspectionId, parts: parts.length, taps: taps.length }, "sandbox walkthrough recorded");
}
