import "server-only";
import { hammingDistance, sameAreaMaxDistance } from "../analysis/dhash-distance";
import { db } from "../db/client";
import { type Stay, staysBetween } from "./stays";

/*
 * "Last seen undamaged": for a finding, the most recent earlier walkthrough of the home that
 * filmed the same spot (a frame within the same-area distance of the finding's frame, the
 * similarity that picks before pictures) and found nothing there. Its time and the stays since
 * put the damage between two dates and name the stays it could have happened in.
 * A walkthrough's frames are the ones its recording record's reuse check cut across the video
 * (kept as difference hashes with the record) and those of its findings: nothing is decoded here,
 * so the report page's process never loads an image library.
 */

export interface LastSeenUndamaged {
  inspectionId: string;
  /** When that walkthrough was recorded (the server's time of its video). */
  recordedAt: Date;
  /** The stays between that walkthrough and this one, earliest first; undefined when the home's stays are not known. */
  stays?: Stay[];
}

/** How far back to look: enough walkthroughs for weekly turnovers over several months, bounded for the report page. */
const walkthroughsLookedAt = 30;

interface Earlier {
  inspectionId: string;
  recordedAt: Date;
  /** Frames of the walkthrough: sampled across its video, and those of its findings. */
  frames: bigint[];
  /** Frames of the spots where it found something (rejected findings are not findings). */
  findings: bigint[];
}

const near = (a: bigint, b: bigint) => hammingDistance(a, b) <= sameAreaMaxDistance;

async function earlierWalkthroughs(propertyId: string, inspectionId: string, before: Date): Promise<Earlier[]> {
  const rows = await db().inspection.findMany({
    where: { propertyId, id: { not: inspectionId }, video: { recordedAt: { lt: before } } },
    orderBy: { video: { recordedAt: "desc" } },
    take: walkthroughsLookedAt,
    select: {
      id: true,
      video: { select: { recordedAt: true } },
      findings: { where: { dhash: { not: null } }, select: { dhash: true, rejected: true } },
    },
  });
  const records = await db().evidenceRecord.findMany({
    where: { kind: "recording", inspectionId: { in: rows.map((row) => row.id) } },
    select: { inspectionId: true, frameDhashes: true },
  });
  const sampled = new Map(records.map((record) => [record.inspectionId, record.frameDhashes]));
  return rows.map((row) => {
    return {
      inspectionId: row.id,
      recordedAt: row.video!.recordedAt,
      // A finding staff rejected still filmed its spot: seen, and judged fine.
      frames: [...(sampled.get(row.id) ?? []), ...row.findings.map((finding) => finding.dhash!)],
      findings: row.findings.filter((finding) => !finding.rejected).map((finding) => finding.dhash!),
    };
  });
}

/**
 * For each of the walkthrough's findings (by id): the walkthrough it was last seen undamaged in,
 * or undefined when no earlier walkthrough filmed the spot without a finding there (a finding
 * with no frame hash cannot be placed). A walkthrough that filmed the spot with a finding there
 * does not end the search: the damage may be older still.
 */
export async function lastSeenUndamaged(inspectionId: string): Promise<Map<string, LastSeenUndamaged | undefined>> {
  const inspection = await db().inspection.findUnique({
    where: { id: inspectionId },
    select: {
      propertyId: true,
      video: { select: { recordedAt: true } },
      findings: { where: { rejected: false }, select: { id: true, dhash: true } },
    },
  });
  const answers = new Map<string, LastSeenUndamaged | undefined>();
  if (!inspection?.video) return answers;
  const placeable = inspection.findings.filter((finding) => finding.dhash !== null);
  for (const finding of inspection.findings) answers.set(finding.id, undefined);
  if (placeable.length === 0) return answers;

  const recordedAt = inspection.video.recordedAt;
  const earlier = await earlierWalkthroughs(inspection.propertyId, inspectionId, recordedAt);
  const stays = new Map<string, Stay[] | undefined>();
  for (const finding of placeable) {
    const spot = finding.dhash!;
    const clean = earlier.find(
      (walk) => walk.frames.some((frame) => near(frame, spot)) && !walk.findings.some((seen) => near(seen, spot)),
    );
    if (!clean) continue;
    if (!stays.has(clean.inspectionId)) {
      stays.set(clean.inspectionId, await staysBetween(db(), inspection.propertyId, clean.recordedAt, recordedAt));
    }
    const between = stays.get(clean.inspectionId);
    answers.set(finding.id, {
      inspectionId: clean.inspectionId,
      recordedAt: clean.recordedAt,
      ...(between ? { stays: between } : {}),
    });
  }
  return answers;
}
