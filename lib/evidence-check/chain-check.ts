import { formatDateTime } from "../format/dates";
import { checkSignature, type Jwks, recordPayload } from "./record-signature";
import { digestOfText } from "./stream-digest";

/*
 * The home chain on the /verify page: the home's previous recording record (in the packet as
 * previous-recording-record.jws, or dropped beside a record) must be the one this record names by
 * SHA-256, and signed by a published key. The same check as `evidence verify`'s, worded for anyone.
 */

/** What the check reads of a recording record (lib/evidence/recording-record.ts). */
export interface ChainPayload {
  inspection_id?: string;
  first_part_received_at?: string | null;
  done_received_at?: string;
  home_chain?: { previous_inspection_id?: string; previous_record_sha256?: string };
}

export const chainSubject = "The link to the home's previous walkthrough";

/** Of two recording records, which one follows the other; undefined when neither names the other. */
export function orderRecords(first: string, second: string): { record: string; previous: string } | undefined {
  const [a, b] = [recordPayload<ChainPayload>(first.trim()), recordPayload<ChainPayload>(second.trim())];
  if (a?.home_chain?.previous_inspection_id && a.home_chain.previous_inspection_id === b?.inspection_id) {
    return { record: first, previous: second };
  }
  if (b?.home_chain?.previous_inspection_id && b.home_chain.previous_inspection_id === a?.inspection_id) {
    return { record: second, previous: first };
  }
  return undefined;
}

export async function checkChain(
  recording: ChainPayload,
  previousJws: string,
  jwks: Jwks,
): Promise<{ subject: string; ok: boolean; detail: string }> {
  const subject = chainSubject;
  const link = recording.home_chain;
  if (!link?.previous_record_sha256) {
    return { subject, ok: false, detail: "This record names no previous walkthrough: it is the home's first." };
  }
  const previous = recordPayload<ChainPayload>(previousJws);
  const sha256 = await digestOfText(previousJws);
  if (!previous || sha256 !== link.previous_record_sha256 || previous.inspection_id !== link.previous_inspection_id) {
    return {
      subject,
      ok: false,
      detail:
        `The previous walkthrough's record is not the one this record follows: its SHA-256 is ${sha256}, ` +
        `this record names ${link.previous_record_sha256}. It was changed, or belongs to another walkthrough.`,
    };
  }
  const signature = await checkSignature(previousJws, jwks);
  if (!signature.ok) {
    return {
      subject,
      ok: false,
      detail: `The previous walkthrough's record is the one this record names, but its own signature does not hold: ${signature.detail}`,
    };
  }
  const filmed = previous.first_part_received_at ?? previous.done_received_at;
  const when = filmed ? formatDateTime(new Date(filmed), {}, true) : "an unknown date";
  return {
    subject,
    ok: true,
    detail: `Linked to the home's previous walkthrough of ${when}: its signed record is the one this record names by its SHA-256, ${sha256}.`,
  };
}
