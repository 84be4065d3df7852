import "server-only";
import { checklistTypes } from "../checklists/items";
import { db } from "../db/client";
import type { ChecklistType } from "../generated/prisma/enums";
import { type SetupProgress, setupProgress } from "../properties/setup-progress";
import type { PersonSeat } from "./access";
import { type InspectionFilters, readInspections, releasedFacts } from "./read-inspections";
import type { Verdict } from "../reports/verdict";

export interface HomeFilters extends InspectionFilters {
  workspaceId?: string;
}

/** A home's checklist of one type: its own, the workspace's company-wide one, or none. */
export interface HomeChecklist {
  type: ChecklistType;
  itemCount: number;
  source: "home" | "company";
}

export interface HomeSummary {
  id: string;
  workspaceId: string;
  workspaceName: string;
  name: string;
  checklists: HomeChecklist[];
  setup: SetupProgress;
  /** The verdict of the home's newest released report: how it stands now. */
  latest?: { inspectionId: string; verdict: Verdict };
}

/** The three parts of a home's setup that make the analysis sharper, and how many are in place. */
export function setupDone(home: Pick<HomeSummary, "checklists" | "setup">) {
  const parts = {
    checklist: home.checklists.some((list) => list.itemCount > 0),
    tour: home.setup.tour.state === "imported",
    photos: home.setup.baselinePhotos.count > 0,
  };
  return { parts, done: Object.values(parts).filter(Boolean).length, of: 3 };
}

/** Homes of the given workspaces with their checklists (a home's own list of a type replaces the company-wide one). */
export async function readHomes(workspaceIds: readonly string[], propertyId?: string): Promise<HomeSummary[]> {
  const [properties, companyLists] = await Promise.all([
    db().property.findMany({
      where: { workspaceId: { in: [...workspaceIds] }, ...(propertyId ? { id: propertyId } : {}) },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: 500,
      select: {
        id: true,
        workspaceId: true,
        name: true,
        workspace: { select: { name: true } },
        checklists: { select: { type: true, itemCount: true } },
      },
    }),
    db().companyChecklist.findMany({
      where: { workspaceId: { in: [...workspaceIds] } },
      select: { workspaceId: true, type: true, itemCount: true },
    }),
  ]);
  const ids = properties.map((property) => property.id);
  const [progress, latest] = await Promise.all([
    setupProgress(ids),
    db().inspection.findMany({
      where: { propertyId: { in: ids }, status: "completed" },
      distinct: ["propertyId"],
      orderBy: [{ propertyId: "asc" }, { openedAt: "desc" }, { id: "asc" }],
      select: { id: true, propertyId: true },
    }),
  ]);
  const facts = await releasedFacts(latest.map((inspection) => inspection.id));
  const latestOf = (propertyId: string) => {
    const inspection = latest.find((candidate) => candidate.propertyId === propertyId);
    return inspection && { inspectionId: inspection.id, verdict: facts.get(inspection.id)!.verdict };
  };
  return properties.map((property) => ({
    id: property.id,
    workspaceId: property.workspaceId,
    workspaceName: property.workspace.name,
    name: property.name,
    checklists: checklistTypes.flatMap((type): HomeChecklist[] => {
      const own = property.checklists.find((list) => list.type === type);
      if (own) return [{ type, itemCount: own.itemCount, source: "home" }];
      const company = companyLists.find((list) => list.workspaceId === property.workspaceId && list.type === type);
      return company ? [{ type, itemCount: company.itemCount, source: "company" }] : [];
    }),
    setup: progress.get(property.id)!,
    latest: latestOf(property.id),
  }));
}

/** The manager's home: their workspaces' latest inspections (filtered) and every home with its setup progress. */
export async function readHome(seats: readonly PersonSeat[], filters: HomeFilters) {
  const allowed = seats.map((seat) => seat.workspaceId);
  const workspaceIds = filters.workspaceId && allowed.includes(filters.workspaceId) ? [filters.workspaceId] : allowed;
  const [inspections, homes] = await Promise.all([readInspections(workspaceIds, filters), readHomes(workspaceIds)]);
  return { inspections: inspections.rows, truncated: inspections.truncated, homes };
}
