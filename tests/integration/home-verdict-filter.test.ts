import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import type { FindingSeverity } from "../../lib/generated/prisma/enums";
import { readInspections, releasedFacts, verdictFilters } from "../../lib/people/read-inspections";
import { createTestPartner } from "../fixtures/partners";

/*
 * The home's verdict filter states the verdict rule again in SQL (so the "latest 100" cap applies
 * after filtering). Here both are held to each other: for every filter, the inspections it keeps
 * are exactly those whose verdict (lib/reports/verdict.ts, through releasedFacts) is that one.
 * Rejected findings and findings still waiting for staff do not count, as on the report.
 */

interface Case {
  name: string;
  released?: boolean;
  findings?: { severity: FindingSeverity; rejected?: boolean; reviewNeeded?: boolean }[];
  missed?: number;
}

const cases: Case[] = [
  { name: "clean" },
  { name: "minor only", findings: [{ severity: "MINOR" }, { severity: "MINOR" }] },
  { name: "moderate", findings: [{ severity: "MODERATE" }, { severity: "MINOR" }] },
  { name: "a missed item", missed: 1 },
  { name: "major", findings: [{ severity: "MAJOR" }] },
  { name: "major and missed", findings: [{ severity: "MAJOR" }, { severity: "MODERATE" }], missed: 2 },
  { name: "a rejected major", findings: [{ severity: "MAJOR", rejected: true }] },
  { name: "a moderate waiting for staff", findings: [{ severity: "MODERATE", reviewNeeded: true }] },
  { name: "not released", released: false, findings: [{ severity: "MAJOR" }] },
];

let workspaceId: string;
const idOf = new Map<string, string>();
/** What the rule says of each released case (a report not yet released has no verdict). */
const releasedFactsOfCases = () =>
  releasedFacts(cases.filter((example) => example.released ?? true).map((example) => idOf.get(example.name)!));

beforeAll(async () => {
  const { partnerId } = await createTestPartner("Verdict filter");
  const workspace = await db().workspace.create({
    data: { partnerId, externalId: `verdicts-${randomUUID()}`, name: "Verdicts" },
  });
  workspaceId = workspace.id;
  const property = await db().property.create({ data: { workspaceId, externalId: "home-1", name: "Home" } });
  for (const [index, example] of cases.entries()) {
    const task = await db().task.create({
      data: {
        workspaceId,
        propertyId: property.id,
        externalId: `task-${index}`,
        externalIdHash: randomBytes(32),
        tokenHash: randomBytes(32),
        tokenEncrypted: "unused",
      },
    });
    const released = example.released ?? true;
    const inspection = await db().inspection.create({
      data: {
        taskId: task.id,
        workspaceId,
        propertyId: property.id,
        status: released ? "completed" : "processing",
        checklist: [],
        sealedAt: new Date(),
        completedAt: released ? new Date() : null,
      },
    });
    idOf.set(example.name, inspection.id);
    for (const [position, finding] of (example.findings ?? []).entries()) {
      await db().finding.create({
        data: {
          inspectionId: inspection.id,
          key: `case-${position}`,
          room: "Kitchen",
          description: "A mark.",
          severity: finding.severity,
          category: "damage",
          videoTimestampSeconds: position,
          afterKeys: [],
          beforeKeys: [],
          source: "provider",
          confidence: 0.9,
          rejected: finding.rejected ?? false,
          reviewNeeded: finding.reviewNeeded ?? false,
        },
      });
    }
    await db().inspectionItem.createMany({
      data: Array.from({ length: example.missed ?? 0 }, (_, position) => ({
        inspectionId: inspection.id,
        position: position + 1,
        itemId: randomUUID(),
        name: `Item ${position + 1}`,
        state: "missed" as const,
      })),
    });
  }
});

describe("the home's verdict filter", () => {
  it("reads each case's verdict by the rule", async () => {
    const facts = await releasedFactsOfCases();
    const verdictOfCase = (name: string) => facts.get(idOf.get(name)!)?.verdict;
    expect(cases.map((example) => [example.name, verdictOfCase(example.name) ?? "unreleased"])).toEqual([
      ["clean", "ready"],
      ["minor only", "ready"],
      ["moderate", "check"],
      ["a missed item", "check"],
      ["major", "not_ready"],
      ["major and missed", "not_ready"],
      ["a rejected major", "ready"],
      ["a moderate waiting for staff", "ready"],
      ["not released", "unreleased"],
    ]);
  });

  it("keeps, for every filter, exactly the inspections whose verdict it names", async () => {
    const facts = await releasedFactsOfCases();
    for (const filter of verdictFilters) {
      const { rows } = await readInspections([workspaceId], { verdict: filter });
      const expected = [...idOf.values()].filter((id) => (facts.get(id)?.verdict ?? "unreleased") === filter);
      expect(rows.map((row) => row.id).sort(), filter).toEqual(expected.sort());
      expect(expected.length, filter).toBeGreaterThan(0);
    }
  });
});
