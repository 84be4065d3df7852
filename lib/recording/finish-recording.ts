import "server-only";
import { isDeepStrictEqual } from "node:util";
import { db, type Tx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { enqueue } from "../queue/enqueue";
import { parseChecklistSections } from "./open-inspection";

export interface FinishRequest {
  /** Every part of the walkthrough as the phone holds it: numbers 1..N, each with its digest. */
  parts: { partNumber: number; sha256: string }[];
  /** Items the cleaner finished without filming ('Finish anyway'): they end `missed`. */
  finishAnyway: string[];
  /** The highest checklist tap seq the phone made; every tap up to it must be stored. */
  eventsSeq: number;
}

/** The finish as stored on the inspection (and compared when Done is sent again). */
function storedForm(finish: FinishRequest) {
  return {
    parts: finish.parts.map((part) => ({ part_number: part.partNumber, sha256: part.sha256 })),
    finish_anyway: [...finish.finishAnyway].sort(),
    events_seq: finish.eventsSeq,
  };
}

const missingListMax = 100;

function assertNumbered(parts: FinishRequest["parts"]): void {
  parts.forEach((part, index) => {
    if (part.partNumber !== index + 1) {
      throw new ApiError("invalid_request", {
        message: "parts must list part numbers 1, 2, 3 ... in order, with none left out.",
        detail: { parameter: `parts[${index}].part_number`, index },
      });
    }
  });
}

/** What Done names that the service does not hold: parts (or parts with other bytes) and taps. */
async function findMissing(tx: Tx, inspectionId: string, finish: FinishRequest) {
  const stored = await tx.recordingPart.findMany({
    where: { inspectionId },
    select: { partNumber: true, sha256: true, run: true },
    orderBy: { partNumber: "asc" },
  });
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const missingParts = finish.parts
    .filter((part) => byNumber.get(part.partNumber)?.sha256 !== part.sha256)
    .map((part) => part.partNumber);
  const taps = await tx.checklistTap.count({ where: { inspectionId, seq: { lte: finish.eventsSeq } } });
  const missingEvents = finish.eventsSeq - taps;
  // Runs follow the part numbers: a later run never holds an earlier part.
  const runs = finish.parts.map((part) => byNumber.get(part.partNumber)?.run ?? 0);
  const ordered = runs.every((run, index) => index === 0 || run >= runs[index - 1]!);
  return { missingParts, missingEvents, ordered };
}

/**
 * Done (lib/recording/README.md, `POST /finish`): checks that the service holds every part the
 * phone recorded (count and digests) and every tap, closes the walkthrough to further parts and
 * taps, and queues its seal, all in one transaction under the inspection's row lock. Sending the
 * same Done again answers as the first did; another one after it is `409 recording_closed`.
 */
export async function finishRecording(inspectionId: string, partnerId: string, finish: FinishRequest): Promise<void> {
  assertNumbered(finish.parts);
  await db().$transaction(async (tx) => {
    const [inspection] = await tx.$queryRaw<{ finish: unknown; finished_at: Date | null; checklist: unknown; status: string }[]>`
      SELECT finish, finished_at, checklist, status FROM inspection WHERE id = ${inspectionId}::uuid FOR UPDATE`;
    if (inspection!.finished_at) {
      if (isDeepStrictEqual(inspection!.finish, storedForm(finish))) return;
      throw new ApiError("recording_closed", { message: "Done was already tapped with another set of parts." });
    }
    // Ended failed before Done (abandoned, or by staff): nothing is left to seal.
    if (inspection!.status !== "recording")
      throw new ApiError("recording_closed", { message: "This walkthrough has ended: it can no longer be finished." });
    const itemIds = new Set(
      parseChecklistSections(inspection!.checklist).flatMap((section) => section.items.map((item) => item.id)),
    );
    finish.finishAnyway.forEach((itemId, index) => {
      if (!itemIds.has(itemId)) {
        throw new ApiError("invalid_request", {
          message: "finish_anyway names an item not on this walkthrough's checklist.",
          detail: { parameter: `finish_anyway[${index}]`, index },
        });
      }
    });
    const missing = await findMissing(tx, inspectionId, finish);
    if (missing.missingParts.length > 0 || missing.missingEvents > 0) {
      throw new ApiError("recording_incomplete", {
        message: "The service does not hold every part and tap named; upload them, then tap Done again.",
        detail: { missing_parts: missing.missingParts.slice(0, missingListMax), missing_events: missing.missingEvents },
      });
    }
    if (!missing.ordered) {
      throw new ApiError("invalid_request", {
        message: "A later recording run holds an earlier part number.",
        detail: { parameter: "parts" },
      });
    }
    await tx.inspection.update({ where: { id: inspectionId }, data: { finishedAt: new Date(), finish: storedForm(finish) } });
    await enqueue("seal-recording", { inspectionId, partnerId }, { tx });
  });
}
