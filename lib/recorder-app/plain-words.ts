import type { Refused } from "./recorder-client";

/*
 * What a refusal means to the cleaner, one catalogue for every screen; the API's own words
 * (`error.message`) are for engineers. Each context has its own fallback for a code it does not
 * expect.
 */

const words: Record<string, string> = {
  part_conflict: "This walkthrough is being recorded on another phone or tab as well. Use one at a time.",
  part_checksum_mismatch: "Part of the video was damaged on the way.",
  unsupported_media: "This kind of video cannot be used. Record with the camera here, or choose an MP4 or MOV video.",
  payload_too_large: "The video is too large to upload.",
  item_not_missed: "This item is no longer marked missed, so there is nothing to explain.",
  item_decided_by_staff: "Our team has already reviewed this item, so it can no longer be explained.",
  explanations_closed: "The report on this walkthrough is already out, so explanations are closed.",
  live_check_limit:
    "Quick checks while you film are used up for this walkthrough. Keep filming and checking items off: the whole video is still checked after you tap Done.",
  tap_still_limit: "This check was already looked at twice. Film the item again and check it off anew.",
};

export const fallbackWords = {
  upload: "The server could not take part of the upload.",
  explanation: "Your explanation could not be taken.",
};

export function plainWords(error: Refused, fallback: string): string {
  return words[error.code] ?? fallback;
}
