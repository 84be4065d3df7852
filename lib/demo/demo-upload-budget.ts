import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { demoUploadReservationMs } from "./demo-video-limits";

/*
 * Every demo video, stored (demo_submission.video_bytes) or streaming (demo_upload.reserved_bytes),
 * stays within DEMO_STORAGE_MAX_GIB across every process: an upload reserves the most it can
 * store before its first byte is read, under one lock, and gives the reservation back when it
 * fails or once its submission row counts the bytes instead. A reservation that outlives
 * `demoUploadReservationMs` (its process died) no longer counts, and the prune job deletes it.
 */

const gib = 1024 ** 3;

/** Reserves `bytes` for the upload `id`, or refuses `507 insufficient_storage` and reserves nothing. */
export async function reserveDemoUpload(id: string, bytes: number, now = new Date()): Promise<void> {
  const budget = Math.floor(config().DEMO_STORAGE_MAX_GIB * gib);
  const live = new Date(now.getTime() - demoUploadReservationMs);
  await db().$transaction(async (tx) => {
    // One reservation at a time across the service; the sum below is then read after the last one committed.
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext('demo_upload_budget'))`;
    const [row] = await tx.$queryRaw<{ used: bigint }[]>`
      SELECT (SELECT coalesce(sum(video_bytes), 0) FROM demo_submission)
           + (SELECT coalesce(sum(reserved_bytes), 0) FROM demo_upload WHERE started_at > ${live}) AS used`;
    if (Number(row?.used ?? 0) + bytes > budget) {
      throw new ApiError("insufficient_storage", {
        message:
          "The demo's storage for videos is full for now; nothing was read or kept. Retry later, or ask for Partner API access.",
        headers: { "Retry-After": "3600" },
      });
    }
    await tx.demoUpload.create({ data: { id, reservedBytes: BigInt(bytes), startedAt: now } });
  });
}

/** Gives a reservation back: the upload failed, or its submission now counts its bytes. */
export async function releaseDemoUpload(id: string): Promise<void> {
  await db().demoUpload.deleteMany({ where: { id } });
}
