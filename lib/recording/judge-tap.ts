import "server-only";
import { readMedia } from "../analysis/baseline-pictures";
import type { AnalysisProvider } from "../analysis/provider";
import { db } from "../db/client";
import { recordCalls } from "../inspections/record-calls";
import type { MediaStorage } from "../media/storage";
import { parseChecklistSections } from "./open-inspection";

/**
 * Judges a check's still while the cleaner is still walking (spec, Checklist result block: a
 * `missed` verdict shows on the phone with "Re-film" and "Finish anyway"). Only a hint to the
 * cleaner: the item's result still comes from the video once sealed. No answer leaves no hint.
 */
export async function judgeTap(
  inspectionId: string,
  seq: number,
  provider: AnalysisProvider,
  storage: MediaStorage,
): Promise<void> {
  const tap = await db().checklistTap.findUnique({
    where: { inspectionId_seq: { inspectionId, seq } },
    include: { inspection: { select: { checklist: true, finishedAt: true } } },
  });
  if (!tap?.liveStillKey || tap.liveState !== null || tap.inspection.finishedAt) return;
  const item = parseChecklistSections(tap.inspection.checklist)
    .flatMap((section) => section.items)
    .find((candidate) => candidate.id === tap.itemId);
  const still = await readMedia(storage, tap.liveStillKey);
  if (!item || !still) return;
  const answer = await provider.judgeItem({ itemName: item.name, notes: item.notes, frames: [still], references: [] });
  await recordCalls(inspectionId, answer.calls);
  if (!answer.value) return;
  await db().checklistTap.updateMany({
    where: { inspectionId, seq, liveStillKey: tap.liveStillKey },
    data: { liveState: answer.value.state, liveConfidence: answer.value.confidence },
  });
}
