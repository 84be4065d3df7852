import "server-only";
import { compareParts, partsNotKeptName } from "../evidence-check/packet-parts";
import type { RecordingRecord } from "./recording-record";
import type { Check } from "./verify-signature";

/**
 * Each uploaded part's file (`parts/run-<run>/<index>.part`) against the SHA-256 and size the
 * recording record signed for it. A packet of a walkthrough sealed before the parts were kept
 * (PARTS-NOT-KEPT.txt), or whose media the retention policy deleted, holds none: that holds,
 * said so; a packet that should hold them and does not fails.
 */
export function partChecks(
  recording: RecordingRecord,
  digests: ReadonlyMap<string, { sha256: string; size: number }>,
  packet: { mediaDeleted: boolean; notKept: boolean },
): Check[] {
  const subject = "uploaded parts";
  const outcomes = compareParts(recording.parts, digests);
  if (!outcomes) {
    if (packet.mediaDeleted) {
      return [{ subject, ok: true, detail: "deleted by the retention policy with the video; the record keeps their SHA-256" }];
    }
    if (packet.notKept) {
      return [
        {
          subject,
          ok: true,
          detail: `not kept: sealed before the service kept them (${partsNotKeptName}); the record keeps their SHA-256`,
        },
      ];
    }
    return [{ subject, ok: false, detail: `the record names ${recording.parts.length} part(s); the packet holds none` }];
  }
  return outcomes.map((outcome) => {
    const found = outcome.found && `SHA-256 ${outcome.found.sha256} (${outcome.found.size} bytes)`;
    const signed = outcome.signed && `${outcome.signed.sha256} (${outcome.signed.size} bytes)`;
    if (outcome.problem === "missing") return { subject: outcome.name, ok: false, detail: "missing from the packet" };
    if (outcome.problem === "not_in_record") {
      return {
        subject: outcome.name,
        ok: false,
        detail: `${found}: the record names no part ${outcome.index} of run ${outcome.run}`,
      };
    }
    if (outcome.problem === "changed") {
      return { subject: outcome.name, ok: false, detail: `${found}, the record says ${signed}: not the part the phone sent` };
    }
    return { subject: outcome.name, ok: true, detail: `${found}, as the phone sent it` };
  });
}
