import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { baselinePictures, nearestPictures } from "../analysis/baseline-pictures";
import { differenceHash } from "../analysis/dhash";
import { config } from "../config";
import { db } from "../db/client";
import type { FindingCategory, FindingSeverity } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";
import { analysisTempDir } from "../media/data-dir-layout";
import { mediaStorage } from "../media/media-storage";
import { extractStill } from "../video/extract-still";
import { checkStaffFinding } from "./staff-finding-rules";

export interface StaffFinding {
  room: string;
  description: string;
  severity: FindingSeverity;
  category: FindingCategory;
  /** The second of the video it is seen at: that frame becomes `after`, the nearest baseline picture `before`. */
  atSeconds?: number;
}

/** The frame at a second of the sealed video, as JPEG bytes. */
async function frameAt(mediaKey: string, seconds: number, durationSeconds: number): Promise<Buffer> {
  await mkdir(analysisTempDir(config().DATA_DIR), { recursive: true });
  const work = await mkdtemp(path.join(analysisTempDir(config().DATA_DIR), "finding-"));
  try {
    const object = await mediaStorage().get(mediaKey);
    if (!object) throw new Error("the sealed video is gone from storage");
    const video = path.join(work, "walkthrough.mp4");
    await pipeline(object.body, createWriteStream(video));
    const still = path.join(work, "frame.jpg");
    await extractStill(video, seconds, still, durationSeconds);
    return await readFile(still);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Staff add a finding, as a remote inspector would (a paused video frame becomes its `after`
 * evidence). `id` lets a retried job add it once: a finding already there with that id is kept.
 */
export async function addStaffFinding(inspectionId: string, input: StaffFinding, id: string = randomUUID()): Promise<string> {
  // The job's payload was checked when it was queued; checked again here, as every caller is.
  const finding = checkStaffFinding(input);
  const inspection = await db().inspection.findUnique({ where: { id: inspectionId }, include: { video: true } });
  if (!inspection) throw new ApiError("not_found", { message: "No such inspection." });
  if (await db().finding.findUnique({ where: { id }, select: { id: true } })) return id;
  if (inspection.status !== "processing")
    throw new ApiError("invalid_request", {
      message: `The inspection is ${inspection.status}: its findings are final.`,
      detail: { parameter: "inspection" },
    });
  let afterKeys: string[] = [];
  let beforeKeys: string[] = [];
  let dhash: bigint | undefined;
  if (finding.atSeconds !== undefined) {
    if (!inspection.video)
      throw new ApiError("video_not_available", { message: "This walkthrough has no video to take a frame from." });
    const frame = await frameAt(inspection.video.mediaKey, finding.atSeconds, inspection.video.durationSeconds);
    const key = `findings/${inspectionId}/staff-${id}.jpg`;
    await mediaStorage().put(key, frame, { contentType: "image/jpeg" });
    dhash = await differenceHash(frame);
    afterKeys = [key];
    beforeKeys = nearestPictures(await baselinePictures(mediaStorage(), inspection.propertyId, inspectionId), dhash, 1).map(
      (picture) => picture.key,
    );
  }
  await db().finding.createMany({
    skipDuplicates: true,
    data: {
      id,
      inspectionId,
      key: `staff:${id}`,
      room: finding.room,
      description: finding.description,
      severity: finding.severity,
      category: finding.category,
      videoTimestampSeconds: finding.atSeconds,
      afterKeys,
      beforeKeys,
      source: "staff",
      dhash,
    },
  });
  return id;
}
