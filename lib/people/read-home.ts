import "server-only";
import { checklistTypes } from "../checklists/items";
import { db } from "../db/client";
import type { InspectionStatus } from "../generated/prisma/enums";
import { type SetupProgress, setupProgress } from "../properties/setup-progress";
import type { PersonSeat } from "./access";

export const inspectionStatuses: InspectionStatus[] = ["recording", "processing", "completed", "failed"];
const pageSize = 100;

export interface HomeFilters {
  workspaceId?: string;
  propertyId?: string;
  status?: InspectionStatus;
}

export interface HomeInspection {
  id: string;
  workspaceName: string;
  propertyName: string;
  date: string;
  status: InspectionStatus;
  findings?: number;
}

export interface HomeProperty {
  id: string;
  workspaceId: string;
  name: string;
  checklistItems: number;
  setup: SetupProgress;
}

/** The manager's home: their workspaces' latest inspections (filtered) and every home with its setup progress. */
export async function readHome(seats: readonly PersonSeat[], filters: HomeFilters) {
  const allowed = seats.map((seat) => seat.workspaceId);
  const workspaceIds = filters.workspaceId && allowed.includes(filters.workspaceId) ? [filters.workspaceId] : allowed;
  const [inspections, properties] = await Promise.all([
    db().inspection.findMany({
      where: {
        workspaceId: { in: workspaceIds },
        ...(filters.propertyId ? { propertyId: filters.propertyId } : {}),
        ...(filters.status ? { status: filters.status } : {}),
      },
      orderBy: [{ openedAt: "desc" }, { id: "asc" }],
      take: pageSize,
      include: {
        property: { select: { name: true } },
        task: { select: { scheduledDate: true } },
        workspace: { select: { name: true } },
        _count: { select: { findings: { where: { rejected: false, reviewNeeded: false } } } },
      },
    }),
    db().property.findMany({
      where: { workspaceId: { in: workspaceIds } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: 500,
      select: { id: true, workspaceId: true, name: true, checklists: { select: { type: true, itemCount: true } } },
    }),
  ]);
  const companyLists = await db().companyChecklist.findMany({
    where: { workspaceId: { in: workspaceIds } },
    select: { workspaceId: true, type: true, itemCount: true },
  });
  // A home's own list of a type replaces the company-wide one of that type.
  const checklistItems = (property: (typeof properties)[number]) =>
    checklistTypes.reduce((sum, type) => {
      const own = property.checklists.find((list) => list.type === type);
      const company = companyLists.find((list) => list.workspaceId === property.workspaceId && list.type === type);
      return sum + (own?.itemCount ?? company?.itemCount ?? 0);
    }, 0);
  const progress = await setupProgress(properties.map((property) => property.id));

  return {
    inspections: inspections.map((inspection): HomeInspection => ({
      id: inspection.id,
      workspaceName: inspection.workspace.name,
      propertyName: inspection.property.name,
      date: (inspection.task.scheduledDate ?? inspection.openedAt).toISOString().slice(0, 10),
      status: inspection.status,
      // Findings are counted once the report is out; before that the number would still move.
      findings: inspection.status === "completed" ? inspection._count.findings : undefined,
    })),
    truncated: inspections.length === pageSize,
    properties: properties.map((property): HomeProperty => ({
      id: property.id,
      workspaceId: property.workspaceId,
      name: property.name,
      checklistItems: checklistItems(property),
      setup: progress.get(property.id)!,
    })),
  };
}
