/*
 * The one-tap reasons a cleaner gives for a missed item. Partners read one language, so a fixed
 * reason reaches the API's `explained` `reason` in English whatever language the phone speaks;
 * the screen shows each in the cleaner's language from the catalogue (`recorder.reasons.<id>`).
 * "Something else" carries the cleaner's own words instead.
 */

export const fixedReasons = {
  cameraMissed: "Done, the camera missed it",
  notInHome: "Not in this home",
  noSupplies: "No supplies",
} as const;

export type FixedReason = keyof typeof fixedReasons;
export type MissedReason = FixedReason | "other";

export const missedReasonIds: readonly MissedReason[] = ["cameraMissed", "notInHome", "noSupplies", "other"];

/** The API's own limit on a reason's length. */
export const reasonMaxLength = 500;

export interface ReasonChoice {
  reason: MissedReason;
  /** The cleaner's own words, for "Something else". */
  words?: string;
}

/** What the API's `reason` carries for a choice; nothing when "Something else" has no words yet. */
export function reasonToSend(choice: ReasonChoice): string | undefined {
  if (choice.reason !== "other") return fixedReasons[choice.reason];
  const words = choice.words?.trim() ?? "";
  return words === "" ? undefined : words.slice(0, reasonMaxLength);
}

/** The fixed reason an explanation carries, if it is one: shown back in the cleaner's language. */
export function fixedReasonOf(reason: string): FixedReason | undefined {
  return (Object.keys(fixedReasons) as FixedReason[]).find((id) => fixedReasons[id] === reason);
}
