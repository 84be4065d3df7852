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

/** A dropped record: its file's name and its text. */
export interface DroppedRecord {
  name: string;
  text: string;
}

/**
 * Of two recording records, which one follows the other: the one whose `home_chain` names the
 * other; else (the previous one changed, so its id no longer matches) the file named as the
 * previous record, or the only one with a `home_chain`. Undefined when nothing tells them apart.
 */
export function orderRecords(first: DroppedRecord, second: DroppedRecord): { record: string; previous: string } | undefined {
  const [a, b] = [recordPayload<ChainPayload>(first.text.trim()), recordPayload<ChainPayload>(second.text.trim())];
  const follows = (one: ChainPayload | undefined, other: ChainPayload | undefined) =>
    one?.home_chain?.previous_inspection_id !== undefined && one.home_chain.previous_inspection_id === other?.inspection_id;
  const inOrder = { record: first.text, previous: second.text };
  const reversed = { record: second.text, previous: first.text };
  if (follows(a, b)) return inOrder;
  if (follows(b, a)) return reversed;
  const named = (record: DroppedRecord) => /previous/i.test(record.name);
  if (named(second) && !named(first)) return inOrder;
  if (named(first) && !named(second)) return reversed;
  if (a?.home_chain && !b?.home_chain) return inOrder;
  if (b?.home_chain && !a?.home_chain) return reversed;
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
