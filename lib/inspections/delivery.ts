import "server-only";
import { db, type Tx } from "../db/client";
import { enqueue } from "../queue/enqueue";
import type { FindingSeverity } from "../generated/prisma/enums";
import { isSandboxInspection } from "../sandbox/sandbox-outcome";

/*
 * Whether a released report goes to the property manager's team (spec, Webhook payloads:
 * `delivery` on `inspection.completed`), by their delivery choices. Managers set these with the
 * property-manager pages (lib/people/); a new seat starts with the defaults below: every finding
 * is reported, and missed checklist steps are.
 */

export interface DeliveryPreferences {
  /** Findings below this severity are not reported on their own. */
  minimumSeverity: FindingSeverity;
  /** Whether missed checklist steps alone make a report worth sending. */
  receiveMissedSteps: boolean;
}

export const defaultDeliveryPreferences: DeliveryPreferences = { minimumSeverity: "MINOR", receiveMissedSteps: true };

export interface Delivery {
  sent: boolean;
  reason: "findings" | "missed_checklist_steps" | "below_threshold" | "clean";
}

const rank: Record<FindingSeverity, number> = { MINOR: 1, MODERATE: 2, MAJOR: 3 };

/**
 * `findings` when a finding reaches the manager's level; else `missed_checklist_steps` when steps
 * were missed and the manager receives them; else `below_threshold` when every finding is below
 * the level; else `clean` (nothing found, or only missed steps the manager does not receive).
 */
export function decideDelivery(
  findings: readonly FindingSeverity[],
  missedSteps: number,
  preferences: DeliveryPreferences,
): Delivery {
  if (findings.some((severity) => rank[severity] >= rank[preferences.minimumSeverity])) return { sent: true, reason: "findings" };
  if (missedSteps > 0 && preferences.receiveMissedSteps) return { sent: true, reason: "missed_checklist_steps" };
  if (findings.length > 0) return { sent: false, reason: "below_threshold" };
  return { sent: false, reason: "clean" };
}

/**
 * The team's delivery from each seat's choices: `sent` when the report meets anyone's; its
 * reason then `findings` if a finding met someone's level, else `missed_checklist_steps`. Sent to
 * nobody: `below_threshold` when there were findings, else `clean`. A workspace with nobody in it
 * yet is sent to nobody by the same rule: `findings` and `missed_checklist_steps` name why a
 * report went to someone, so they never go with `sent: false` here.
 */
export function decideTeamDelivery(
  findings: readonly FindingSeverity[],
  missedSteps: number,
  seats: readonly DeliveryPreferences[],
): Delivery {
  const decisions = seats.map((preferences) => decideDelivery(findings, missedSteps, preferences));
  if (decisions.some((decision) => decision.sent)) {
    return {
      sent: true,
      reason: decisions.some((decision) => decision.reason === "findings") ? "findings" : "missed_checklist_steps",
    };
  }
  return { sent: false, reason: findings.length > 0 ? "below_threshold" : "clean" };
}

export interface TeamDelivery {
  delivery: Delivery;
  /** The people whose choices the report meets. */
  recipients: string[];
  /** What it was decided on: the shown findings' severities and the missed steps. */
  severities: FindingSeverity[];
  missedSteps: number;
}

/** The delivery of a report as it is released (its shown findings and missed items), and to whom. */
export async function decideDeliveryOf(inspectionId: string, tx: Tx = db()): Promise<TeamDelivery> {
  const inspection = await tx.inspection.findUniqueOrThrow({ where: { id: inspectionId }, select: { workspaceId: true } });
  const [findings, missed, seats] = await Promise.all([
    tx.finding.findMany({ where: { inspectionId, rejected: false, reviewNeeded: false }, select: { severity: true } }),
    tx.inspectionItem.count({ where: { inspectionId, state: "missed" } }),
    tx.seat.findMany({
      where: { workspaceId: inspection.workspaceId },
      select: { userId: true, minimumSeverity: true, receiveMissedSteps: true },
    }),
  ]);
  const severities = findings.map((finding) => finding.severity);
  return {
    delivery: decideTeamDelivery(severities, missed, seats),
    recipients: seats.filter((seat) => decideDelivery(severities, missed, seat).sent).map((seat) => seat.userId),
    severities,
    missedSteps: missed,
  };
}

/**
 * Decides and keeps the delivery in the release's transaction (so `inspection.completed` says what
 * the mail did, whatever choices change later) and sends the mail job with it.
 */
export async function settleDelivery(tx: Tx, inspectionId: string): Promise<void> {
  const decided = (await decideDeliveryOf(inspectionId, tx)).delivery;
  const delivery = (await isSandboxInspection(inspectionId)) ? unsent(decided) : decided;
  await tx.inspection.update({
    where: { id: inspectionId },
    data: { deliverySent: delivery.sent, deliveryReason: delivery.reason },
  });
  if (delivery.sent) await enqueue("mail-report", { inspectionId }, { tx });
}

/**
 * A sandbox walkthrough's report is never mailed: `sent` false, with the reason a manager who
 * receives nothing of it would read (findings below their level, else clean).
 */
function unsent(delivery: Delivery): Delivery {
  if (!delivery.sent) return delivery;
  return { sent: false, reason: delivery.reason === "findings" ? "below_threshold" : "clean" };
}

/** The delivery `inspection.completed` carries: as kept at release. */
export async function deliveryOf(inspectionId: string): Promise<Delivery> {
  const row = await db().inspection.findUniqueOrThrow({
    where: { id: inspectionId },
    select: { deliverySent: true, deliveryReason: true },
  });
  if (row.deliverySent !== null && row.deliveryReason !== null)
    return { sent: row.deliverySent, reason: row.deliveryReason as Delivery["reason"] };
  return (await decideDeliveryOf(inspectionId)).delivery;
}

/**
 * The delivery `inspection.failed` carries: a failed inspection has no report, so `sent` is
 * false; `reason` is what a release would have decided from what was found so far, so a partner
 * can tell a failure that hid findings from a clean one.
 */
export async function failedDeliveryOf(inspectionId: string): Promise<Delivery> {
  const { delivery } = await decideDeliveryOf(inspectionId);
  return { sent: false, reason: delivery.reason };
}
