import "server-only";
import { createWriteStream, existsSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { mkdir, readFile, rm } from "node:fs/promises";
import { differenceHash, hammingDistance } from "../analysis/dhash";
import type { Tx } from "../db/client";
import { log } from "../log";
import { mediaStorage } from "../media/media-storage";
import { cutFrames } from "../video/cut-frames";

/*
 * Reused media: a walkthrough whose video is another's of the same partner in the last 90 days
 * (a replayed old video of a clean room). Frames are cut across each sealed video and kept as
 * difference hashes with its recording record; a new video whose frames nearly all have a close
 * twin among another's is flagged.
 */

export interface ReuseFlag {
  kind: "video";
  inspection_id: string;
  /** The share of this video's sampled frames with a near twin in that one (0 to 1). */
  similarity: number;
}

const windowDays = 90;
/** Bits apart at most for two frames to be the same picture (re-encoding moves a few; another room about 32). */
const twinMaxDistance = 6;
/** Flagged from this share of twin frames on, given enough frames to judge. */
const flagSimilarity = 0.8;
const framesMin = 3;
const framesSampled = 12;

/**
 * Difference hashes of frames cut at even spacing across the sealed video, by one ffmpeg
 * (lib/video/cut-frames.ts: a short video read once, a long one by a fast seek per frame); none
 * when it cannot be read.
 */
export async function videoFrameHashes(work: string, videoKey: string, durationSeconds: number): Promise<bigint[]> {
  try {
    const local = path.join(work, "walkthrough.mp4");
    if (!existsSync(local)) {
      const object = await mediaStorage().get(videoKey);
      if (!object) return [];
      await pipeline(object.body, createWriteStream(local));
    }
    const dir = path.join(work, "evidence-frames");
    // Fresh: a resumed seal's earlier frames are never taken for this attempt's.
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const seconds = Array.from({ length: framesSampled }, (_, index) => (durationSeconds * (index + 0.5)) / framesSampled);
    const frames = await cutFrames(local, seconds, dir, durationSeconds);
    return await Promise.all(frames.map(async (frame) => differenceHash(await readFile(frame.file))));
  } catch (error) {
    // The check is a flag, never a reason to hold a seal back.
    log().warn({ err: { message: (error as Error).message }, videoKey }, "frames for the reuse check could not be cut");
    return [];
  }
}

function similarity(mine: readonly bigint[], theirs: readonly bigint[]): number {
  if (mine.length === 0 || theirs.length === 0) return 0;
  const twins = mine.filter((hash) => theirs.some((other) => hammingDistance(hash, other) <= twinMaxDistance)).length;
  return twins / mine.length;
}

/** The partner's recording records of the last 90 days whose video this one repeats, most similar first. */
export async function reusedBy(tx: Tx, inspectionId: string, hashes: readonly bigint[]): Promise<ReuseFlag[]> {
  if (hashes.length < framesMin) return [];
  const candidates = await tx.$queryRaw<{ inspection_id: string; frame_dhashes: bigint[] }[]>`
    SELECT e.inspection_id, e.frame_dhashes
    FROM evidence_record e
    JOIN inspection i ON i.id = e.inspection_id
    JOIN workspace w ON w.id = i.workspace_id
    WHERE e.kind = 'recording' AND e.inspection_id <> ${inspectionId}::uuid
      AND e.created_at > now() - make_interval(days => ${windowDays})
      AND cardinality(e.frame_dhashes) >= ${framesMin}
      AND w.partner_id = (SELECT w2.partner_id FROM inspection i2 JOIN workspace w2 ON w2.id = i2.workspace_id WHERE i2.id = ${inspectionId}::uuid)`;
  return candidates
    .map((candidate) => ({
      kind: "video" as const,
      inspection_id: candidate.inspection_id,
      similarity: Math.round(similarity(hashes, candidate.frame_dhashes) * 1000) / 1000,
    }))
    .filter((flag) => flag.similarity >= flagSimilarity)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, 10);
}
