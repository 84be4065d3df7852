import "server-only";
import { db, type Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import {
  type ChecklistItemState,
  type InitialItemState,
  itemStates,
  type StaffVerdict,
  staffVerdicts,
  type VerdictState,
} from "./item-states";

/*
 * Every change of a checklist result line's state (spec, States and transitions: Checklist result
 * block and items). Each transition is one conditional update whose `where` holds the states it may
 * start from, so a transition the table does not allow changes nothing; each answers whether it
 * applied. Prisma's `updateMany` throughout: most of these writes were already in that form, and
 * it answers the count the guard needs.
 */

/** From-states and to-states of each transition below. */
export const itemTransitions = {
  recordVerdict: { from: ["pending"], to: ["verified", "missed"] },
  markNotChecked: { from: ["pending"], to: ["not_checked"] },
  awaitStaff: { from: ["pending"], to: ["pending"] },
  startRecheck: { from: ["not_checked"], to: ["pending"] },
  recordExplanation: { from: ["missed"], to: ["explained"] },
  recordStaffDecision: { from: itemStates, to: staffVerdicts },
} as const satisfies Record<string, { from: readonly ChecklistItemState[]; to: readonly ChecklistItemState[] }>;

const from = (transition: keyof typeof itemTransitions) => ({ in: [...itemTransitions[transition].from] });

/** One line of an inspection's results. */
export interface ItemAt {
  inspectionId: string;
  position: number;
}

/** What judging found beside the state: the item's picture and the provider's own verdict. */
export type JudgedEvidence = Pick<
  Prisma.InspectionItemUpdateManyMutationInput,
  "stillKey" | "frameStats" | "providerState" | "providerConfidence" | "providerRationale"
>;

export interface NewResultLine {
  position: number;
  itemId: string;
  name: string;
  state: InitialItemState;
  timestampSeconds?: number;
  finishedAnyway: boolean;
  stillKey?: string;
}

/** The seal writes the walkthrough's result lines in the states they start in (lib/recording/checklist-results.ts). */
export async function createResultLines(tx: Tx, inspectionId: string, lines: NewResultLine[]): Promise<void> {
  await tx.inspectionItem.createMany({ data: lines.map((line) => ({ inspectionId, ...line })) });
}

/**
 * Items still waiting for their first judgement: pending, neither decided (by staff beside a
 * re-check) nor handed to staff. A judgement applies only to one of them, so a judgement made
 * twice (two attempts, or a re-check beside a staff decision) writes once.
 */
export const awaitingJudgement = (inspectionId: string) =>
  ({ inspectionId, state: "pending", decidedBy: null, reviewNeeded: false }) satisfies Prisma.InspectionItemWhereInput;

async function judge(item: ItemAt, transition: keyof typeof itemTransitions, data: Prisma.InspectionItemUpdateManyMutationInput) {
  const { count } = await db().inspectionItem.updateMany({
    where: { ...awaitingJudgement(item.inspectionId), position: item.position, state: from(transition) },
    data: { ...data, updatedAt: new Date() },
  });
  return count > 0;
}

/** pending -> verified or missed: the provider's confident verdict, or `missed` by the filming itself. */
export function recordVerdict(
  item: ItemAt,
  verdict: { state: VerdictState; decidedBy: "provider" | "filming" },
  evidence: JudgedEvidence = {},
): Promise<boolean> {
  return judge(item, "recordVerdict", { ...evidence, state: verdict.state, decidedBy: verdict.decidedBy });
}

/**
 * pending -> not_checked: no usable answer. With `recheckUntil` it is asked again until then
 * (`startRecheck`); without, it stays `not_checked` for good.
 */
export function markNotChecked(item: ItemAt, recheckUntil: Date | null, evidence: JudgedEvidence = {}): Promise<boolean> {
  return judge(item, "markNotChecked", { ...evidence, state: "not_checked", recheckUntil });
}

/** pending stays pending and waits for staff (no provider, an unsure answer, or no provider calls left). */
export function awaitStaff(item: ItemAt, evidence: JudgedEvidence = {}): Promise<boolean> {
  return judge(item, "awaitStaff", { ...evidence, reviewNeeded: true });
}

/**
 * The analysis gave up: every item it did not judge waits for staff. An item pending beside a
 * staff decision is not one of them. Answers how many.
 */
export async function handPendingToStaff(inspectionId: string): Promise<number> {
  const { count } = await db().inspectionItem.updateMany({
    where: { inspectionId, state: from("awaitStaff"), decidedBy: null },
    data: { reviewNeeded: true, updatedAt: new Date() },
  });
  return count;
}

/** not_checked -> pending: asked again, only within its re-check window (spec: up to 24 hours). */
export async function startRecheck(item: ItemAt): Promise<boolean> {
  const { count } = await db().inspectionItem.updateMany({
    where: {
      inspectionId: item.inspectionId,
      position: item.position,
      state: from("startRecheck"),
      recheckUntil: { gt: new Date() },
    },
    data: { state: "pending", decidedBy: null, reviewNeeded: false, updatedAt: new Date() },
  });
  return count > 0;
}

/** Whether the cleaner's explanation may apply to a line: `missed`, and not what staff decided. */
export const explanationApplies = (line: { state: string; staffState: string | null }) =>
  (itemTransitions.recordExplanation.from as readonly string[]).includes(line.state) && line.staffState === null;

/** missed -> explained with the cleaner's words, never over a staff decision. */
export async function recordExplanation(
  item: { inspectionId: string; itemId: string },
  reason: string,
  tx: Tx = db(),
): Promise<boolean> {
  const { count } = await tx.inspectionItem.updateMany({
    where: { inspectionId: item.inspectionId, itemId: item.itemId, state: from("recordExplanation"), staffState: null },
    data: { state: "explained", reason, decidedBy: "cleaner", updatedAt: new Date() },
  });
  return count > 0;
}

/**
 * Any state -> what staff decided, kept apart from the provider's verdict; it replaces an earlier
 * decision and ends any re-check. The caller checks the inspection is still open to decisions.
 */
export async function recordStaffDecision(
  item: { inspectionId: string; itemId: string },
  state: StaffVerdict,
  tx: Tx = db(),
): Promise<boolean> {
  const { count } = await tx.inspectionItem.updateMany({
    where: { inspectionId: item.inspectionId, itemId: item.itemId, state: from("recordStaffDecision") },
    data: { state, staffState: state, decidedBy: "staff", reviewNeeded: false, recheckUntil: null, updatedAt: new Date() },
  });
  return count > 0;
}
