import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { everyItemFinalSql } from "../../lib/checklist-items/block-status";
import { type ChecklistItemState, itemStates } from "../../lib/checklist-items/item-states";
import {
  awaitStaff,
  createResultLines,
  handPendingToStaff,
  markNotChecked,
  recordExplanation,
  recordStaffDecision,
  recordVerdict,
  startRecheck,
} from "../../lib/checklist-items/item-transitions";
import { db } from "../../lib/db/client";
import type { Prisma } from "../../lib/generated/prisma/client";
import { createTestPartner } from "../fixtures/partners";

/*
 * The spec's table "Checklist result block and items" (States and transitions), row by row,
 * against the real database: each transition is tried from every item state; where the table
 * allows it the line takes the next state, elsewhere the row is left exactly as it was.
 */

let inspectionId: string;
let nextPosition = 1;
const hour = 3_600_000;

beforeAll(async () => {
  const { partnerId } = await createTestPartner("Item transitions");
  const workspace = await db().workspace.create({ data: { partnerId, externalId: `items-${randomUUID()}`, name: "Items" } });
  const property = await db().property.create({ data: { workspaceId: workspace.id, externalId: "home-1", name: "Home" } });
  const task = await db().task.create({
    data: {
      workspaceId: workspace.id,
      propertyId: property.id,
      externalId: "task-1",
      externalIdHash: randomBytes(32),
      tokenHash: randomBytes(32),
      tokenEncrypted: "unused",
    },
  });
  // Sealed and processing, with no job queued for it: only this test moves its lines.
  const inspection = await db().inspection.create({
    data: {
      taskId: task.id,
      workspaceId: workspace.id,
      propertyId: property.id,
      status: "processing",
      checklist: [],
      sealedAt: new Date(),
    },
  });
  inspectionId = inspection.id;
});

/** A result line in `state`, as the pipeline leaves it there (who decided it, its re-check window). */
async function lineIn(state: ChecklistItemState, extra: Partial<Prisma.InspectionItemUncheckedCreateInput> = {}) {
  const decidedBy = { pending: null, verified: "provider", missed: "provider", explained: "cleaner", not_checked: null } as const;
  return db().inspectionItem.create({
    data: {
      inspectionId,
      position: nextPosition++,
      itemId: randomUUID(),
      name: `Item in ${state}`,
      state,
      decidedBy: decidedBy[state],
      reason: state === "explained" ? "It was done before I started filming." : null,
      recheckUntil: state === "not_checked" ? new Date(Date.now() + hour) : null,
      ...extra,
    },
  });
}

const reread = (line: { position: number }) =>
  db().inspectionItem.findUniqueOrThrow({ where: { inspectionId_position: { inspectionId, position: line.position } } });

/**
 * Tries `transition` on a line in each of the five states (with `extra` set on it): applied (and
 * `to`) exactly from `allowedFrom`; from any other state it answers false and the row is unchanged,
 * field for field.
 */
async function walk(
  allowedFrom: ChecklistItemState[],
  to: ChecklistItemState,
  transition: (line: { inspectionId: string; position: number; itemId: string }) => Promise<boolean>,
  extra: Partial<Prisma.InspectionItemUncheckedCreateInput> = {},
) {
  for (const state of itemStates) {
    const line = await lineIn(state, extra);
    const applied = await transition(line);
    const after = await reread(line);
    if (allowedFrom.includes(state)) {
      expect({ from: state, applied, state: after.state }).toEqual({ from: state, applied: true, state: to });
    } else {
      expect({ from: state, applied }).toEqual({ from: state, applied: false });
      expect(after).toEqual(line);
    }
  }
}

describe("the seal: result lines start pending, missed (finish anyway) or not_checked (a file)", () => {
  it("writes each line in its initial state", async () => {
    const first = nextPosition;
    nextPosition += 3;
    const lines = (["pending", "missed", "not_checked"] as const).map((state, index) => ({
      position: first + index,
      itemId: randomUUID(),
      name: `Initial ${state}`,
      state,
      finishedAnyway: state === "missed",
    }));
    await db().$transaction((tx) => createResultLines(tx, inspectionId, lines));
    const rows = await Promise.all(lines.map(reread));
    expect(rows.map((row) => [row.state, row.decidedBy, row.finishedAnyway])).toEqual([
      ["pending", null, false],
      ["missed", null, true],
      ["not_checked", null, false],
    ]);
  });
});

describe("row: item pending, verdict arrives -> verified, missed, explained or not_checked", () => {
  it("a confident verdict: pending -> verified, and nothing else", async () => {
    await walk(["pending"], "verified", (line) =>
      recordVerdict(line, { state: "verified", decidedBy: "provider" }, { providerState: "verified", providerConfidence: 0.95 }),
    );
  });

  it("a verdict of missed (the provider's, or the filming's): pending -> missed, and nothing else", async () => {
    await walk(["pending"], "missed", (line) => recordVerdict(line, { state: "missed", decidedBy: "filming" }));
    await walk(["pending"], "missed", (line) => recordVerdict(line, { state: "missed", decidedBy: "provider" }));
  });

  it("no usable answer: pending -> not_checked, re-checked until its window closes", async () => {
    const until = new Date(Date.now() + hour);
    await walk(["pending"], "not_checked", (line) => markNotChecked(line, until));
    const line = await lineIn("pending");
    await markNotChecked(line, until);
    expect((await reread(line)).recheckUntil).toEqual(until);
  });

  it("explained is reached through missed: the cleaner explains a missed verdict", async () => {
    const line = await lineIn("pending");
    expect(await recordVerdict(line, { state: "missed", decidedBy: "provider" })).toBe(true);
    expect(await recordExplanation(line, "The camera was pointed at the ceiling.")).toBe(true);
    expect(await reread(line)).toMatchObject({ state: "explained", decidedBy: "cleaner" });
  });

  it("an unsure verdict waits for staff: pending stays pending, and then takes no verdict", async () => {
    await walk(["pending"], "pending", (line) => awaitStaff(line, { providerState: "missed", providerConfidence: 0.4 }));
    const line = await lineIn("pending");
    expect(await awaitStaff(line)).toBe(true);
    expect(await reread(line)).toMatchObject({ state: "pending", reviewNeeded: true, providerState: null });
    expect(await recordVerdict(line, { state: "verified", decidedBy: "provider" })).toBe(false);
    expect(await markNotChecked(line, null)).toBe(false);
    expect((await reread(line)).state).toBe("pending");
  });

  it("a verdict counts once: a second one, or one beside a staff decision, changes nothing", async () => {
    const line = await lineIn("pending");
    expect(await recordVerdict(line, { state: "missed", decidedBy: "provider" })).toBe(true);
    expect(await recordVerdict(line, { state: "verified", decidedBy: "provider" })).toBe(false);
    expect((await reread(line)).state).toBe("missed");
    const decided = await lineIn("pending", { decidedBy: "staff", staffState: "verified" });
    expect(await recordVerdict(decided, { state: "missed", decidedBy: "provider" })).toBe(false);
    expect(await reread(decided)).toEqual(decided);
  });

  it("the analysis gives up: pending lines nobody decided wait for staff, no other line changes", async () => {
    const lines = [
      await lineIn("pending"),
      await lineIn("pending", { decidedBy: "staff", staffState: "verified" }),
      ...(await Promise.all(itemStates.filter((state) => state !== "pending").map((state) => lineIn(state)))),
    ];
    await handPendingToStaff(inspectionId);
    const [handed, ...others] = await Promise.all(lines.map(reread));
    expect(handed).toMatchObject({ state: "pending", reviewNeeded: true });
    expect(others).toEqual(lines.slice(1));
  });
});

describe("row: item (unchecked), shortly after the walk ends, cannot be checked -> not_checked", () => {
  it("pending -> not_checked for good (no re-check), and nothing else", async () => {
    await walk(["pending"], "not_checked", (line) => markNotChecked(line, null));
  });
});

describe("row: item missed, cleaner explains after the walk -> explained", () => {
  it("missed -> explained with the cleaner's words, and nothing else", async () => {
    await walk(["missed"], "explained", (line) => recordExplanation(line, "The mirror was fogged from the shower."));
    const line = await lineIn("missed");
    await recordExplanation(line, "The mirror was fogged from the shower.");
    expect(await reread(line)).toMatchObject({ state: "explained", reason: "The mirror was fogged from the shower." });
  });

  it("never over a staff decision, even one of missed", async () => {
    const line = await lineIn("missed", { decidedBy: "staff", staffState: "missed" });
    expect(await recordExplanation(line, "I did it.")).toBe(false);
    expect(await reread(line)).toEqual(line);
  });
});

describe("row: item not_checked, later re-check (up to 24 hours) -> pending then a result", () => {
  it("not_checked -> pending within its window, and nothing else", async () => {
    // Every line inside a re-check window, so only its state stands in the way.
    await walk(["not_checked"], "pending", (line) => startRecheck(line), { recheckUntil: new Date(Date.now() + hour) });
  });

  it("past its window, or left not_checked for good, it is not asked again", async () => {
    const closed = await lineIn("not_checked", { recheckUntil: new Date(Date.now() - 1000) });
    const final = await lineIn("not_checked", { recheckUntil: null });
    expect(await startRecheck(closed)).toBe(false);
    expect(await startRecheck(final)).toBe(false);
    expect(await Promise.all([reread(closed), reread(final)])).toEqual([closed, final]);
  });

  it("pending meanwhile (the block waits for it), then a result (the block is complete again)", async () => {
    const line = await lineIn("not_checked");
    const allFinal = async () => {
      const [row] = await db().$queryRawUnsafe<{ final: boolean }[]>(
        `SELECT ${everyItemFinalSql("$1::uuid")} AS final`,
        inspectionId,
      );
      return row!.final;
    };
    await db().inspectionItem.updateMany({ where: { inspectionId, state: "pending" }, data: { state: "not_checked" } });
    expect(await allFinal()).toBe(true);
    expect(await startRecheck(line)).toBe(true);
    expect(await allFinal()).toBe(false);
    expect(await recordVerdict(line, { state: "verified", decidedBy: "provider" })).toBe(true);
    expect(await allFinal()).toBe(true);
  });
});

describe("staff decisions (review; not in the spec's table, which shows their result only)", () => {
  it("from any state to what staff decided, replacing an earlier decision and ending any re-check", async () => {
    for (const verdict of ["verified", "missed", "not_checked"] as const) {
      await walk(itemStates, verdict, (line) => recordStaffDecision(line, verdict));
    }
    const line = await lineIn("not_checked");
    await recordStaffDecision(line, "missed");
    await recordStaffDecision(line, "verified");
    expect(await reread(line)).toMatchObject({
      state: "verified",
      staffState: "verified",
      decidedBy: "staff",
      reviewNeeded: false,
      recheckUntil: null,
    });
  });
});
