import "server-only";
import { characterCount } from "../validation/text";

/*
 * What a partner's name and roster cap may be, for every way staff set them (the CLI and the
 * admin console): each answers the value to store, or why not.
 */

export const maxPartnerNameLength = 200;
// The Int column's ceiling; any real roster is far below it.
export const maxRosterMax = 2_147_483_647;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export function checkPartnerName(text: string): Checked<string> {
  const name = text.trim();
  if (name === "") return { ok: false, problem: "must not be empty" };
  if (characterCount(name) > maxPartnerNameLength)
    return { ok: false, problem: `must be at most ${maxPartnerNameLength} characters` };
  if (/\p{Cc}/u.test(name)) return { ok: false, problem: "must not contain control characters" };
  return { ok: true, value: name };
}

export function checkRosterMax(text: string): Checked<number> {
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(value >= 1 && value <= maxRosterMax)) return { ok: false, problem: `must be a whole number from 1 to ${maxRosterMax}` };
  return { ok: true, value };
}

// A hundred years: past that a number is a typing slip, not a policy.
export const maxRetentionDays = 36_500;

/** A partner's media retention in days; "default" (or "") goes back to RECORDING_RETENTION_DAYS, as null. */
export function checkRetentionDays(text: string): Checked<number | null> {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.toLowerCase() === "default") return { ok: true, value: null };
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(value >= 1 && value <= maxRetentionDays))
    return { ok: false, problem: `must be a whole number of days from 1 to ${maxRetentionDays}, or "default"` };
  return { ok: true, value };
}
