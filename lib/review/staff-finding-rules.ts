import "server-only";
import { z } from "zod";
import { ApiError } from "../errors/api-error";

/**
 * What a finding staff add must be, written once: the console's body (lib/consoles), the CLI's
 * options (lib/cli/review-commands.ts, which words its refusals as options) and addStaffFinding,
 * which the worker runs, all check these.
 */
export const staffFindingLimits = {
  roomMaxLength: 80,
  descriptionMaxLength: 300,
  severities: ["MINOR", "MODERATE", "MAJOR"],
  categories: ["damage", "cleaning", "lost_item"],
} as const;

function text(field: string, max: number) {
  const message = `The ${field} must be 1 to ${max} characters.`;
  return z.string({ error: message }).trim().min(1, message).max(max, message);
}

const atSecondsMessage = "The second must be a time in the video.";

/** A staff finding's fields; a refusal's message names the first field wrong. */
export const staffFindingFields = z.object({
  room: text("room", staffFindingLimits.roomMaxLength),
  description: text("description", staffFindingLimits.descriptionMaxLength),
  severity: z.enum(staffFindingLimits.severities, { error: "The severity must be MINOR, MODERATE or MAJOR." }),
  category: z.enum(staffFindingLimits.categories, { error: "The category must be damage, cleaning or lost_item." }),
  // Absent or null: no frame. A number of seconds, also as a numeric string from a form field.
  atSeconds: z
    .unknown()
    .transform((value, context) => {
      if (value === undefined || value === null) return undefined;
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) return seconds;
      context.addIssue({ code: "custom", message: atSecondsMessage });
      return z.NEVER;
    })
    .optional(),
});

export type StaffFindingFields = z.output<typeof staffFindingFields>;

/** The fields checked by the one rule, or `400 invalid_request` with the first problem. */
export function checkStaffFinding(input: unknown): StaffFindingFields {
  const result = staffFindingFields.safeParse(input);
  if (!result.success) throw new ApiError("invalid_request", { message: result.error.issues[0]!.message });
  return result.data;
}
