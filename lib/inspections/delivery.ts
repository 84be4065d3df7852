import { db } from "../db/client";
import type { FindingSeverity } from "../generated/prisma/enums";

/*
 * Whether a released report goes to the property manager's team (spec, Webhook payloads:
 * `delivery` on `inspection.completed`), by their delivery choices. Managers set these with the
 * property-manager pages; until a workspace has its own, the defaults below apply: every finding
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
export function decideDelivery(findings: readonly FindingSeverity[], missedSteps: number, preferences: DeliveryPreferences): Delivery {
  if (findings.some((severity) => rank[severity] >= rank[preferences.minimumSeverity])) return { sent: true, reason: "findings" };
  if (missedSteps > 0 && preferences.receiveMissedSteps) return { sent: true, reason: "missed_checklist_steps" };
  if (findings.length > 0) return { sent: false, reason: "below_threshold" };
  return { sent: false, reason: "clean" };
}

/** The delivery of a released report, from its shown findings and missed items. */
export async function deliveryOf(inspectionId: string, preferences = defaultDeliveryPreferences): Promise<Delivery> {
  const [findings, missed] = await Promise.all([
    db().finding.findMany({ where: { inspectionId, rejected: false, reviewNeeded: false }, select: { severity: true } }),
    db().inspectionItem.count({ where: { inspectionId, state: "missed" } }),
  ]);
  return decideDelivery(findings.map((finding) => finding.severity), missed, preferences);
}
