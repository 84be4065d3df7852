/**
 * The audit log read as sentences ("ana@acme.test paused Acme Tasks", "staff CLI revoked key …9f2c").
 * One function per recorded action, so a new action without words is a type error here and a
 * failing test, not a raw `api_key.revoke` on a staff page. Pure: no database, no React.
 */

import { jobQueueLabel, labelOf } from "../labels/console-labels";

export interface AuditSentenceInput {
  actor: string;
  action: string;
  objectType: string;
  objectId: string;
  detail?: unknown;
  /** The partner's name when the entry belongs to one; the sentences name it. */
  partnerName?: string;
}

type Detail = Readonly<Record<string, unknown>>;
type Phrase = (entry: { objectId: string; detail: Detail; partner: string }) => string;

/** The last four characters of an id, as staff read keys and ids aloud: "…9f2c". */
export function shortId(id: string): string {
  return `…${id.slice(-4)}`;
}

function text(value: unknown, fallback = ""): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : fallback;
}

/** "the bnb connector" or "the connector" when the detail did not say which. */
function the(qualifier: unknown, noun: string): string {
  const word = text(qualifier);
  return word === "" ? `the ${noun}` : `the ${word} ${noun}`;
}

function plural(count: unknown, one: string, many: string): string {
  const n = typeof count === "number" ? count : Number(count);
  return `${Number.isFinite(n) ? n : 0} ${n === 1 ? one : many}`;
}

/** A retention as stored: a number of days, or null for the service's default. */
function retentionWords(days: unknown): string {
  return typeof days === "number" ? plural(days, "day", "days") : "the default";
}

const trackWords: Readonly<Record<string, string>> = {
  inspections: "inspection events",
  reservations: "workspace and reservation events",
};

const reviewStateWords: Readonly<Record<string, string>> = {
  verified: "verified",
  missed: "missed",
  not_checked: "not checked",
};

/** The verb phrase of each action; the actor is put in front by {@link auditSentence}. */
export const auditPhrases: Readonly<Record<string, Phrase>> = {
  "partner.create": ({ detail }) => `created the partner ${text(detail.name, "(unnamed)")}`,
  "partner.pause": ({ partner }) => `paused ${partner}`,
  "partner.resume": ({ partner }) => `resumed ${partner}`,
  "partner.set_roster_max": ({ partner, detail }) =>
    `set ${partner}'s roster cap to ${text(detail.to, "?")}${detail.from !== undefined ? ` (was ${text(detail.from)})` : ""}`,
  "partner.set_recording_retention": ({ partner, detail }) =>
    `set ${partner}'s media retention to ${retentionWords(detail.to)}${"from" in detail ? ` (was ${retentionWords(detail.from)})` : ""}`,
  "inspection.media_deleted": ({ objectId, detail }) =>
    `deleted the video and pictures of walkthrough ${shortId(objectId)}, ${text(detail.days, "?")} days after its seal`,
  "partner.set_event_track": ({ partner, detail }) =>
    `switched ${partner} to ${trackWords[text(detail.to)] ?? text(detail.to, "another event track")}`,
  "sandbox.walkthrough": ({ detail }) =>
    `ran a sandbox walkthrough (${text(detail.outcome, "findings")}) in workspace ${text(detail.workspace_id, "?")}`,
  "api_key.create": ({ objectId, detail }) => `created ${detail.sandbox === true ? "sandbox " : ""}key ${shortId(objectId)}`,
  "api_key.revoke": ({ objectId }) => `revoked key ${shortId(objectId)}`,
  "api_key.rename": ({ detail, objectId }) => `named key ${shortId(objectId)} “${text(detail.to)}”`,
  "allowlist.add": ({ objectId }) => `allowed ${objectId}`,
  "allowlist.remove": ({ objectId }) => `removed ${objectId} from the allowlist`,
  "webhook.set_receiver": ({ detail }) => `set the webhook receiver to ${text(detail.url, "a new address")}`,
  "webhook.clear_receiver": () => "removed the webhook receiver",
  "webhook.rotate": ({ detail }) =>
    `rotated the webhook secret (the previous one works for ${plural(detail.days, "day", "days")})`,
  "webhook.expire_previous": () => "expired the previous webhook secret",
  "webhook.test": () => "sent a test webhook",
  "webhook.replay": ({ objectId }) => `replayed webhook delivery ${shortId(objectId)}`,
  "webhook.replay_since": ({ detail }) =>
    `replayed ${plural(detail.queued, "webhook delivery", "webhook deliveries")} since ${text(detail.since, "then")}`,
  "partner_user.invite": ({ detail }) => `invited ${text(detail.email, "a colleague")}`,
  "partner_user.remove": ({ detail }) => `removed ${text(detail.email, "a colleague")} from the console`,
  "staff.add": ({ detail }) => `added ${text(detail.email, "a person")} to the staff`,
  "seat.set": ({ detail, objectId }) =>
    `gave ${text(detail.email, "a person")} a seat in workspace ${shortId(objectId)}${text(detail.role) === "" ? "" : ` as ${text(detail.role)}`}`,
  "seat.invite": ({ detail, objectId }) =>
    `invited ${text(detail.email, "a person")} to workspace ${shortId(objectId)}${text(detail.role) === "" ? "" : ` as ${text(detail.role)}`}`,
  "seat.role": ({ detail, objectId }) =>
    `made ${text(detail.email, "a person")} ${text(detail.role, "another role")} in workspace ${shortId(objectId)}${text(detail.from) === "" ? "" : ` (was ${text(detail.from)})`}`,
  "seat.remove": ({ detail, objectId }) => `removed ${text(detail.email, "a person")}'s seat in workspace ${shortId(objectId)}`,
  "feed.set": ({ objectId }) => `set the roster feed of workspace ${shortId(objectId)}`,
  "feed.clear": ({ objectId }) => `removed the roster feed of workspace ${shortId(objectId)}`,
  "company_checklist.set": ({ detail, objectId }) =>
    `saved ${the(detail.type, "checklist")} of workspace ${shortId(objectId)} (${plural(detail.items, "item", "items")})`,
  "company_checklist.clear": ({ detail, objectId }) =>
    `removed ${the(detail.type, "checklist")} of workspace ${shortId(objectId)}`,
  "connector.enable": ({ detail, objectId }) =>
    `turned on ${the(detail.platform, "connector")} of workspace ${shortId(objectId)}`,
  "connector.disable": ({ detail, objectId }) =>
    `turned off ${the(detail.platform, "connector")} of workspace ${shortId(objectId)}`,
  "jobs.retry_given_up": ({ objectId, detail }) =>
    `retried ${plural(detail.retried, "failed job", "failed jobs")} of “${labelOf(jobQueueLabel, objectId)}”`,
  "review.decide_item": ({ detail, objectId }) =>
    `marked an item ${reviewStateWords[text(detail.state)] ?? text(detail.state, "decided")} on walkthrough ${shortId(objectId)}`,
  "review.add_finding": ({ detail }) =>
    `added a finding${detail.room ? ` in ${text(detail.room)}` : ""} on walkthrough ${shortId(text(detail.inspection_id, "????"))}`,
  "review.accept_finding": ({ objectId }) => `accepted finding ${shortId(objectId)}`,
  "review.reject_finding": ({ objectId }) => `rejected finding ${shortId(objectId)}`,
  "review.release": ({ objectId }) => `released walkthrough ${shortId(objectId)}`,
  "review.fail": ({ objectId }) => `failed walkthrough ${shortId(objectId)}`,
  "review.take_over": ({ detail, objectId }) =>
    `took over walkthrough ${shortId(objectId)}${detail.from ? ` from ${text(detail.from)}` : ""}`,
};

/**
 * The entry as one sentence. An action recorded before it had words (or by a newer server)
 * still reads as a sentence, naming the action in plain words rather than showing nothing.
 */
export function auditSentence(entry: AuditSentenceInput): string {
  const detail: Detail =
    entry.detail !== null && typeof entry.detail === "object" && !Array.isArray(entry.detail) ? (entry.detail as Detail) : {};
  const partner = entry.partnerName ?? "the partner";
  const phrase = auditPhrases[entry.action];
  const words = phrase
    ? phrase({ objectId: entry.objectId, detail, partner })
    : `did “${entry.action.replaceAll("_", " ").replace(".", ": ")}” on ${entry.objectType.replaceAll("_", " ")} ${shortId(entry.objectId)}`;
  return `${entry.actor} ${words}`;
}

/** The entry's detail as `key: value` lines for the expandable part; nested values stay compact JSON. */
export function auditDetailLines(detail: unknown): string[] {
  if (detail === undefined || detail === null) return [];
  if (typeof detail !== "object" || Array.isArray(detail)) return [JSON.stringify(detail)];
  return Object.entries(detail as Detail).map(
    ([key, value]) => `${key.replaceAll("_", " ")}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
}
