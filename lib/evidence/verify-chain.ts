import "server-only";
import type { JWK } from "jose";
import type { RecordingRecord } from "./recording-record";
import { sha256Hex } from "./sign-record";
import { type Check, payloadOf, signatureCheck } from "./verify-signature";

const subject = "home chain link";

/** "2026-11-25 14:05 UTC": when the previous walkthrough was filmed (its first part's arrival). */
function filmedAt(record: Partial<RecordingRecord>): string {
  const at = record.first_part_received_at ?? record.done_received_at;
  return at ? `${at.slice(0, 16).replace("T", " ")} UTC` : "an unknown date";
}

/**
 * The chain link (lib/evidence/recording-record.ts): the previous record must be the one this
 * record names by SHA-256, and signed by a published key. Says which of the two broke.
 */
export async function chainCheck(recording: RecordingRecord, previousJws: string, keys: JWK[]): Promise<Check> {
  const link = recording.home_chain;
  const previousSha = sha256Hex(previousJws);
  let previous: Partial<RecordingRecord>;
  try {
    previous = payloadOf<Partial<RecordingRecord>>(previousJws);
  } catch {
    return { subject, ok: false, detail: "the previous record given is not a signed record (compact JWS)" };
  }
  if (!link) return { subject, ok: false, detail: "the record names no previous walkthrough (it is the home's first)" };
  if (link.previous_record_sha256 !== previousSha || link.previous_inspection_id !== previous.inspection_id) {
    return {
      subject,
      ok: false,
      detail:
        `the record follows walkthrough ${link.previous_inspection_id} (record SHA-256 ${link.previous_record_sha256}); ` +
        `the previous record given is ${String(previous.inspection_id)} (SHA-256 ${previousSha}): changed, or not the one it follows`,
    };
  }
  const signature = await signatureCheck(subject, previousJws, keys);
  if (!signature.ok) return { subject, ok: false, detail: `the previous record's signature: ${signature.detail}` };
  return {
    subject,
    ok: true,
    detail: `linked to the home's previous walkthrough of ${filmedAt(previous)} (${link.previous_inspection_id}): its record's SHA-256 ${previousSha} is the one this record names, ${signature.detail}`,
  };
}
