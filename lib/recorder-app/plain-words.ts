import type { Messages } from "../i18n/catalogues";
import type { Refused } from "./recorder-client";

/*
 * What a refusal means to the cleaner: the key of its words in the recorder's catalogues
 * (`recorder.refusals`); the API's own words (`error.message`) are for engineers. Each context has
 * its own fallback for a code it does not expect.
 */

export type RefusalWords = keyof Messages["recorder"]["refusals"];

const known: ReadonlySet<string> = new Set<string>([
  "part_conflict",
  "part_checksum_mismatch",
  "unsupported_media",
  "payload_too_large",
  "item_not_missed",
  "item_decided_by_staff",
  "explanations_closed",
  "live_check_limit",
  "tap_still_limit",
] satisfies RefusalWords[]);

export function plainWords(error: Refused, fallback: "upload" | "explanation"): RefusalWords {
  return known.has(error.code) ? (error.code as RefusalWords) : fallback;
}
