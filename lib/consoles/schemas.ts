import "server-only";
import { z } from "zod";
import { staffVerdicts } from "../checklist-items/item-states";
import { eventTracks } from "../partners/set-event-track";
import { checkPartnerName, checkRetentionDays, checkRosterMax, maxRetentionDays, maxRosterMax } from "../partners/partner-rules";
import { defaultKeyScopes, keyScopes } from "../partners/scopes";
import { deliverableAddress, seatRoles } from "../people/schemas";
import { staffFailReasons } from "../review/fail-reasons";
import { defaultRotationDays } from "../webhooks/receivers";
import { refusedAs } from "../validation/parse-input";
import { keyNameMaxLength } from "../partners/key-name";

/*
 * Every body the consoles take, one schema each, worded for the page that shows the refusal.
 * The rules behind them are the ones the staff CLI checks (lib/partners/partner-rules.ts, the
 * seat roles, the scopes list); URLs, allowlist entries and feed secrets are checked by the
 * domain functions both call, so here they need only be text.
 */

const nameRefusal = "The name must not be empty.";

/** A partner's name as staff type it: trimmed, by the CLI's rule. */
export const partnerName = z.string({ error: nameRefusal }).transform((text, context) => {
  const checked = checkPartnerName(text);
  if (checked.ok) return checked.value;
  context.addIssue({ code: "custom", message: `The name ${checked.problem}.` });
  return z.NEVER;
});

export const createPartnerBody = z.object({ name: partnerName });

const rosterMaxRefusal = (problem: string) => `The roster cap ${problem}.`;

/** The roster cap, a number or the digits a form field sends, by the CLI's rule. */
export const rosterMax = z
  .union([z.number(), z.string()], { error: rosterMaxRefusal(`must be a whole number from 1 to ${maxRosterMax}`) })
  .transform((value, context) => {
    const checked = checkRosterMax(String(value));
    if (checked.ok) return checked.value;
    context.addIssue({ code: "custom", message: rosterMaxRefusal(checked.problem) });
    return z.NEVER;
  });

const retentionRefusal = `The media retention must be a whole number of days from 1 to ${maxRetentionDays}, or empty for the default.`;

/** A partner's media retention: days, or null (an empty field, or null) for RECORDING_RETENTION_DAYS. */
export const recordingRetentionDays = z
  .union([z.number(), z.string(), z.null()], { error: retentionRefusal })
  .transform((value, context) => {
    const checked = checkRetentionDays(value === null ? "" : String(value));
    if (checked.ok) return checked.value;
    context.addIssue({ code: "custom", message: retentionRefusal });
    return z.NEVER;
  });

export const eventTrack = z.enum(eventTracks, { error: "The event track must be inspections or reservations." });

/** Staff change any of these; each one sent is changed, and audited, on its own. */
export const updatePartnerBody = z.object({
  status: z.enum(["active", "paused"], { error: "The status must be active or paused." }).optional(),
  rosterMax: rosterMax.optional(),
  recordingRetentionDays: recordingRetentionDays.optional(),
  eventTrack: eventTrack.optional(),
});

const scopesRefusal = `The scopes must be one or more of ${keyScopes.join(", ")}.`;

/** A new key's scopes: anything but a list reads as the default, as the console has always taken it. */
/** What a partner calls a key: up to 60 characters, trimmed. */
export const keyName = z
  .string({ error: "a name is text" })
  .trim()
  .max(keyNameMaxLength, `${keyNameMaxLength} characters at most`);

export const issueKeyBody = z.object({
  name: keyName.optional(),
  scopes: z.preprocess(
    (value) => (Array.isArray(value) ? value : undefined),
    z
      .array(z.enum(keyScopes, { error: scopesRefusal }))
      .min(1, scopesRefusal)
      .transform((scopes) => [...new Set(scopes)])
      .default(defaultKeyScopes),
  ),
  /** "Create sandbox key": a key that reaches only sandbox workspaces. */
  sandbox: z.boolean({ error: "must be true or false" }).default(false),
});

export const renameKeyBody = z.object({ name: keyName.min(1, "give the key a name") });

/** Who is let into a console: an address mail can be sent to (`invalid_email`). */
export const consoleEmailBody = z.object({ email: deliverableAddress });

// Worded as the domain's refusal of an empty URL or entry, which the page showed for these before.
export const receiverBody = z.object({ url: z.string({ error: "not a URL" }) });

const rotationRefusal = "The old secret may keep signing for 0 to 30 days.";

/** How long the old secret keeps signing: 0 stops it now; absent is the default. */
export const rotateBody = z.object({
  days: z.coerce
    .number({ error: rotationRefusal })
    .int(rotationRefusal)
    .min(0, rotationRefusal)
    .max(30, rotationRefusal)
    .optional()
    .transform((days) => days ?? defaultRotationDays),
});

const sinceRefusal = "Give a date and time to replay from.";

export const replaySinceBody = z.object({
  since: z.string({ error: sinceRefusal }).transform((text, context) => {
    const since = new Date(text);
    if (!Number.isNaN(since.getTime())) return since;
    context.addIssue({ code: "custom", message: sinceRefusal });
    return z.NEVER;
  }),
});

export const allowlistBody = z.object({ entry: z.string({ error: "the entry is empty" }) });

const connectorRefusal = "Send platform and enabled (true or false).";

export const connectorSwitchBody = z.object({
  platform: z.string({ error: connectorRefusal }),
  enabled: z.boolean({ error: connectorRefusal }),
});

/** Staff give any role, an owner's included; the address is checked as the CLI's `seats set` checks it. */
export const staffSeatBody = z.object({
  role: refusedAs("invalid_role", z.enum(seatRoles, { error: "Choose owner, manager or viewer." })),
  email: refusedAs("invalid_email", z.string({ error: "Enter an email address we can send to, like name@company.com." })),
});

export const feedBody = z.object({
  url: z.string({ error: "The URL is not an absolute URL." }),
  secret: z.string({ error: "Send the feed's secret." }),
});

export const itemVerdictBody = z.object({
  state: z.enum(staffVerdicts, { error: "The verdict must be verified, missed or not_checked." }),
});

export const findingReviewBody = z.object({ accept: z.boolean({ error: "Say whether the finding is accepted." }) });

export const failBody = z.object({
  reason: z.enum(staffFailReasons, { error: `The reason must be one of ${staffFailReasons.join(", ")}.` }),
});
