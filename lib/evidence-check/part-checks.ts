import { compareParts, type SignedPart } from "./packet-parts";
import type { Digest } from "./stream-digest";

/*
 * The uploaded parts on the /verify page: one line when every part holds (a long walkthrough has
 * hundreds), else one line per part that does not and one for the rest. The same comparison as
 * `evidence verify`'s (lib/evidence-check/packet-parts.ts), worded for anyone.
 */

interface Line {
  subject: string;
  ok: boolean;
  detail: string;
}

const subject = "The uploaded parts";

export function checkParts(
  signed: readonly SignedPart[],
  digests: ReadonlyMap<string, Digest>,
  packet: { mediaDeleted: boolean; notKept: boolean },
): Line[] {
  const outcomes = compareParts(signed, digests);
  // A record that names no part (none ever does: a walkthrough has at least one) leaves nothing to check.
  if (!outcomes && signed.length === 0) return [];
  if (!outcomes) {
    if (packet.mediaDeleted) {
      return [
        {
          subject,
          ok: true,
          detail: "They were deleted with the video by the retention policy; the signed record keeps their fingerprints.",
        },
      ];
    }
    if (packet.notKept) {
      return [
        {
          subject,
          ok: true,
          detail:
            "This walkthrough was recorded before Walkthrough kept the uploaded parts, so they are not in the packet. Their fingerprints remain in the signed record.",
        },
      ];
    }
    return [
      { subject, ok: false, detail: `The signed record names ${signed.length} uploaded parts; the packet holds none of them.` },
    ];
  }
  const failed = outcomes.filter((outcome) => outcome.problem);
  const held = outcomes.length - failed.length;
  if (failed.length === 0) {
    return [
      {
        subject,
        ok: true,
        detail: `${held === 1 ? "The one part" : held === 2 ? "Both parts" : `All ${held} parts`} the phone uploaded ${held === 1 ? "is" : "are"} here, exactly as the signed record says: not a byte changed.`,
      },
    ];
  }
  const lines: Line[] = failed.map((outcome) => {
    const part = `Uploaded part ${outcome.index}`;
    if (outcome.problem === "missing") {
      return {
        subject: part,
        ok: false,
        detail: `The signed record names this part, but the packet does not hold ${outcome.name}.`,
      };
    }
    if (outcome.problem === "not_in_record") {
      return { subject: part, ok: false, detail: `The packet holds ${outcome.name}, but the signed record names no such part.` };
    }
    return {
      subject: part,
      ok: false,
      detail:
        `It was changed: ${outcome.name} has SHA-256 ${outcome.found?.sha256} (${outcome.found?.size} bytes), ` +
        `the signed record says ${outcome.signed?.sha256} (${outcome.signed?.size} bytes).`,
    };
  });
  if (held > 0) {
    lines.push({ subject: `The other uploaded parts`, ok: true, detail: `${held} parts are exactly as the signed record says.` });
  }
  return lines;
}
