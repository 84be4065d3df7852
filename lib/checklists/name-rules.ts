import { characterCount } from "../validation/text";

// Rules for the text of a checklist item (spec, Checklist; Limits). Pure functions, so the
// API, the staff CLI and the unit tests apply exactly the same rules.

export const maxChecklistNameLength = 120;
export const maxChecklistNotesLength = 500;

export interface TextProblem {
  code: "missing_parameter" | "invalid_request";
  message: string;
}

/**
 * Text as stored: surrounding whitespace trimmed and every inner run of whitespace (line breaks
 * and tabs included) made one space. Names and notes are one-line labels on a cleaner's phone,
 * so a line break sent by a partner's system would only ever render as a space.
 */
export function normalizeChecklistText(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/**
 * A dash used as punctuation (spec, Home setup): an em dash anywhere, or an en dash with
 * whitespace directly before or after it. A hyphen in a word (`built-in`) and an en dash in a
 * range (`1–2`) are not punctuation and pass.
 */
export function usesDashAsPunctuation(value: string): boolean {
  return /\u2014|\s\u2013|\u2013\s/u.test(value);
}

// Control characters other than whitespace (which normalizing turns into a space) would be
// invisible on the phone, and PostgreSQL cannot store U+0000 or an unpaired surrogate in JSON.
const controlCharacter = /\p{Cc}/u;
const unpairedSurrogate = /\p{Cs}/u;

function encodingProblem(value: string): TextProblem | undefined {
  if (unpairedSurrogate.test(value)) {
    return { code: "invalid_request", message: "must be valid Unicode text (it contains an unpaired surrogate)" };
  }
  if (controlCharacter.test(value)) return { code: "invalid_request", message: "must not contain control characters" };
  return undefined;
}

/** What is wrong with a normalized item name, if anything. */
export function checklistNameProblem(name: string): TextProblem | undefined {
  if (name === "") return { code: "missing_parameter", message: "is required" };
  if (characterCount(name) > maxChecklistNameLength) {
    return {
      code: "invalid_request",
      message: `must be at most ${maxChecklistNameLength} characters (Unicode code points); under 55 reads best`,
    };
  }
  if (usesDashAsPunctuation(name)) {
    return {
      code: "invalid_request",
      message:
        'must not use a dash as punctuation (an em dash, or an en dash with a space beside it): use a colon instead, as in "Kitchen: wipe the counters"',
    };
  }
  return encodingProblem(name);
}

/** What is wrong with normalized, non-empty notes, if anything. */
export function checklistNotesProblem(notes: string): TextProblem | undefined {
  if (characterCount(notes) > maxChecklistNotesLength) {
    return { code: "invalid_request", message: `must be at most ${maxChecklistNotesLength} characters (Unicode code points)` };
  }
  return encodingProblem(notes);
}
