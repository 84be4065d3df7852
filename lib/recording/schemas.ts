import "server-only";
import { z } from "zod";
import { workspaceQuery } from "../roster/schemas";
import { characterCount, optionalParameter, requiredText } from "../validation/text";
import { maxReturnUrlLength } from "./return-url";

/** `YYYY-MM-DD` that names a real day. */
const calendarDate = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, "must be a date written YYYY-MM-DD");

/**
 * The spec gives `task_id` and `task_name` no cap; ours is generous, so a partner's own ids and
 * titles fit, counted in characters as people count them (an emoji is one).
 */
export const maxTaskTextLength = 1000;

export const recordingLinkQuery = workspaceQuery.extend({
  task_id: requiredText(maxTaskTextLength).meta({
    description: `The caller's task id: the idempotency key. At most ${maxTaskTextLength} characters.`,
  }),
  property_id: requiredText(200).meta({
    description: "The caller's property id, as in the roster; must be present and activated.",
  }),
  task_name: optionalParameter(
    z.string().refine((value) => characterCount(value) <= maxTaskTextLength, {
      message: `must be at most ${maxTaskTextLength} characters`,
    }),
  ).meta({
    description: `Free text shown to the cleaner, at most ${maxTaskTextLength} characters. Set by a call that carries it, kept by one that does not.`,
  }),
  scheduled_date: optionalParameter(calendarDate).meta({
    description: "`YYYY-MM-DD`, shown to the cleaner. Set by a call that carries it, kept by one that does not.",
  }),
  // Not `optionalParameter`: sent empty it is a refused return_url (`reason: malformed`), as the spec words every refusal of it.
  return_url: z
    .string()
    .optional()
    .meta({
      description:
        `Where the cleaner returns after the walkthrough is sealed; at most ${maxReturnUrlLength} characters, on the ` +
        "integration's allowlist. Stored per task: a call carrying it sets it, a call without it leaves it. Sent " +
        "empty (`return_url=`) it is refused as `malformed`.",
    }),
});

export const recordingLinkRecord = z
  .object({
    recording_url: z.string().meta({ description: "Opaque: store and render exactly as returned. `{app_url}/r/<token>`." }),
    task_id: z.string().meta({ description: "Echoed." }),
    property_id: z.uuid().meta({ description: "Ours: the service's id of the property the task is bound to." }),
    external_property_id: z.string().meta({ description: "The caller's property id." }),
    roster_revision: z.int(),
    return_url: z
      .string()
      .optional()
      .meta({
        description:
          "Echoed when the call supplied one (spec). A call without it answers none, though the stored one stays and " +
          "the recording app still returns the cleaner there.",
      }),
  })
  .meta({ id: "RecordingLink" });
