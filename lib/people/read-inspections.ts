import "server-only";
import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { FindingSeverity, InspectionStatus } from "../generated/prisma/enums";
import { type Verdict, verdictOf } from "../reports/verdict";
import { isUuid } from "../validation/uuid";

/*
 * The manager's rows of walkthroughs: one per inspection, newest first, each with what a reader
 * decides on (the verdict of a released report, its findings by severity and its missed items).
 * Shared by the home (every workspace of the person) and a home's own page (one property).
 */

export const pageSize = 100;

/** What the verdict filter offers: a released report's verdict, or "not released yet". */
export type VerdictFilter = Verdict | "unreleased";
export const verdictFilters: VerdictFilter[] = ["not_ready", "check", "ready", "unreleased"];

export interface InspectionFilters {
  propertyId?: string;
  verdict?: VerdictFilter;
  /** Calendar days (YYYY-MM-DD), both included, read in UTC: the server does not know the reader's zone. */
  from?: string;
  to?: string;
}

export interface InspectionRow {
  id: string;
  workspaceName: string;
  propertyId: string;
  propertyName: string;
  taskName?: string;
  /** When the walkthrough was recorded, or when its link was opened before any video. */
  at: Date;
  status: InspectionStatus;
  /** Only for a released report: before release the numbers would still move. */
  released?: { verdict: Verdict; bySeverity: Record<FindingSeverity, number>; missedItems: number };
}

const shown = { rejected: false, reviewNeeded: false } as const;

function verdictWhere(verdict: VerdictFilter | undefined): Prisma.InspectionWhereInput {
  const major = { findings: { some: { ...shown, severity: "MAJOR" as const } } };
  const moderate = { findings: { some: { ...shown, severity: "MODERATE" as const } } };
  const missed = { items: { some: { state: "missed" as const } } };
  switch (verdict) {
    case undefined:
      return {};
    case "unreleased":
      return { status: { not: "completed" } };
    case "not_ready":
      return { status: "completed", ...major };
    case "check":
      return { status: "completed", NOT: major, OR: [moderate, missed] };
    case "ready":
      return { status: "completed", NOT: [major, moderate, missed] };
  }
}

const day = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;

export type ReleasedFacts = NonNullable<InspectionRow["released"]>;

/** What released reports hold, by inspection id: the verdict and the counts it is decided from. */
export async function releasedFacts(inspectionIds: readonly string[]): Promise<Map<string, ReleasedFacts>> {
  const ids = [...inspectionIds];
  const [findings, missed] = await Promise.all([
    db().finding.groupBy({
      by: ["inspectionId", "severity"],
      where: { inspectionId: { in: ids }, ...shown },
      _count: { _all: true },
    }),
    db().inspectionItem.groupBy({
      by: ["inspectionId"],
      where: { inspectionId: { in: ids }, state: "missed" },
      _count: { _all: true },
    }),
  ]);
  const severities = new Map(
    ids.map((id): [string, Record<FindingSeverity, number>] => [id, { MAJOR: 0, MODERATE: 0, MINOR: 0 }]),
  );
  for (const group of findings) severities.get(group.inspectionId)![group.severity] = group._count._all;
  const missedOf = new Map(missed.map((group) => [group.inspectionId, group._count._all]));
  return new Map(
    [...severities].map(([id, bySeverity]) => {
      const missedItems = missedOf.get(id) ?? 0;
      return [id, { verdict: verdictOf({ bySeverity, missedItems }), bySeverity, missedItems }];
    }),
  );
}

export async function readInspections(
  workspaceIds: readonly string[],
  filters: InspectionFilters,
  take = pageSize,
): Promise<{ rows: InspectionRow[]; truncated: boolean }> {
  // An id that cannot be a home's matches nothing, as an unknown home does.
  if (filters.propertyId && !isUuid(filters.propertyId)) return { rows: [], truncated: false };
  const from = day(filters.from);
  const to = day(filters.to);
  const inspections = await db().inspection.findMany({
    where: {
      workspaceId: { in: [...workspaceIds] },
      ...(filters.propertyId ? { propertyId: filters.propertyId } : {}),
      ...((from || to) && {
        openedAt: { ...(from && { gte: from }), ...(to && { lt: new Date(to.getTime() + 24 * 3600 * 1000) }) },
      }),
      ...verdictWhere(filters.verdict),
    },
    orderBy: [{ openedAt: "desc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      status: true,
      openedAt: true,
      propertyId: true,
      property: { select: { name: true } },
      task: { select: { name: true } },
      workspace: { select: { name: true } },
      video: { select: { recordedAt: true } },
    },
  });
  const facts = await releasedFacts(
    inspections.filter((inspection) => inspection.status === "completed").map((inspection) => inspection.id),
  );
  const rows = inspections.map((inspection): InspectionRow => {
    const row: InspectionRow = {
      id: inspection.id,
      workspaceName: inspection.workspace.name,
      propertyId: inspection.propertyId,
      propertyName: inspection.property.name,
      taskName: inspection.task.name ?? undefined,
      at: inspection.video?.recordedAt ?? inspection.openedAt,
      status: inspection.status,
    };
    const released = facts.get(inspection.id);
    return released ? { ...row, released } : row;
  });
  return { rows, truncated: inspections.length === take };
}
