import "server-only";
import { z } from "zod";
import type { CustomIssueParams } from "../http/validation";
import { workspaceQuery } from "../roster/schemas";
import { requiredText } from "../validation/text";
import { checklistTypes, defaultChecklistType, isChecklistType } from "./items";
import {
  checklistNameProblem,
  checklistNotesProblem,
  maxChecklistNameLength,
  maxChecklistNotesLength,
  normalizeChecklistText,
  type TextProblem,
} from "./name-rules";

export const maxChecklistItems = 50;

function report(problem: TextProblem | undefined, context: z.RefinementCtx): void {
  if (!problem) return;
  context.addIssue({ code: "custom", message: problem.message, params: { code: problem.code } satisfies CustomIssueParams });
}

const dashRule =
  "A dash used as punctuation is refused: an em dash (U+2014) anywhere, or an en dash (U+2013) with whitespace " +
  "directly before or after it; use a colon instead. A hyphen in a word (`built-in`) and an en dash in a range " +
  "(`1–2`) are fine.";

export const checklistItemName = z
  .string()
  .transform(normalizeChecklistText)
  .superRefine((name, context) => report(checklistNameProblem(name), context))
  .meta({
    description:
      `Required, 1 to ${maxChecklistNameLength} characters (Unicode code points, counted after trimming); under 55 reads ` +
      `best. Surrounding whitespace is trimmed and inner runs of whitespace become one space. ${dashRule}`,
    override: { minLength: 1, maxLength: maxChecklistNameLength },
  });

export const checklistItemNotes = z
  .string()
  .nullable()
  // Blank or null notes are no notes: the API never serves an empty string (omit rule).
  .transform((notes) => (notes === null ? undefined : normalizeChecklistText(notes) || undefined))
  .superRefine((notes, context) => report(notes === undefined ? undefined : checklistNotesProblem(notes), context))
  .meta({
    description:
      `Optional, up to ${maxChecklistNotesLength} characters (Unicode code points): a short label shown on one truncated ` +
      "line. Whitespace is handled as for `name`; blank or `null` means no notes.",
    override: { maxLength: maxChecklistNotesLength },
  });

export const checklistItemRequest = z
  .strictObject({ name: checklistItemName, notes: checklistItemNotes.optional() })
  .meta({ id: "ChecklistItemRequest" });

export const replaceChecklistBody = z
  .strictObject({
    items: z
      .array(checklistItemRequest)
      .min(1, { error: "must hold at least one item; to remove the list, use DELETE" })
      .max(maxChecklistItems, { error: `must hold at most ${maxChecklistItems} items` })
      .meta({ description: `1 to ${maxChecklistItems} items, in the cleaner's order. An empty array is refused: use DELETE.` }),
  })
  .meta({ id: "ReplaceChecklistRequest" });

export type ReplaceChecklistBody = z.output<typeof replaceChecklistBody>;

/**
 * `type` refused as `invalid_request` whatever it is, an empty `?type=` included: the parameter is
 * optional, so "missing" would be the wrong word for it.
 */
export const checklistTypeParam = z
  .string()
  .optional()
  .superRefine((type, context) => {
    if (type !== undefined && !isChecklistType(type)) {
      report({ code: "invalid_request", message: `must be one of ${checklistTypes.join(", ")}` }, context);
    }
  })
  .transform((type) => (type !== undefined && isChecklistType(type) ? type : defaultChecklistType))
  .meta({
    description: "Which list: `housekeeping` (default), `inspection` or `maintenance`. Lists of different types are independent.",
    override: { type: "string", enum: checklistTypes, default: defaultChecklistType },
  });

export const checklistPathParams = z.object({
  property_id: requiredText(200).meta({ description: "The caller's property id, percent-encoded as one path segment." }),
});

export const checklistQuery = workspaceQuery.extend({ type: checklistTypeParam });

export const checklistRecord = z
  .object({
    workspace_id: z.string(),
    property_id: z.string(),
    type: z.enum(checklistTypes).meta({ description: "Always echoed, also when the request left it to the default." }),
    items: z
      .array(
        z
          .object({
            id: z.uuid().meta({ description: "Ours. Stable between writes, not across them: every replace issues new ids." }),
            name: z.string(),
            notes: z.string().optional(),
          })
          .meta({ id: "ChecklistItem" }),
      )
      .meta({ description: "In the cleaner's order; `[]` when the home has no list of its own of this type." }),
    updated_at: z.iso.datetime().optional().meta({ description: "Omitted when the home has no list of its own." }),
  })
  .meta({ id: "Checklist" });
