import "server-only";
import { db } from "../db/client";
import type { InspectionStatus } from "../generated/prisma/enums";
import { isUuid } from "../validation/uuid";

export const inspectionsPageSize = 25;
const statuses: InspectionStatus[] = ["recording", "processing", "completed", "failed"];

/**
 * The newest inspections (of one partner, or all for staff), a server page at a time, filterable
 * by status and workspace; each opens the report page, which staff and the partner's users may read.
 */
export async function inspectionsPage(
  scope: { partnerId?: string },
  page: number,
  statusText?: string | null,
  workspaceText?: string | null,
) {
  const status = statuses.find((value) => value === statusText);
  const workspaceId = workspaceText && isUuid(workspaceText) ? workspaceText : undefined;
  const where = {
    ...(scope.partnerId ? { workspace: { partnerId: scope.partnerId } } : {}),
    ...(status ? { status } : {}),
    ...(workspaceId ? { workspaceId } : {}),
  };
  const [total, rows] = await Promise.all([
    db().inspection.count({ where }),
    db().inspection.findMany({
      where,
      orderBy: [{ openedAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * inspectionsPageSize,
      take: inspectionsPageSize,
      include: {
        property: { select: { name: true } },
        workspace: { select: { name: true, externalId: true, partner: { select: { name: true } } } },
        _count: { select: { findings: { where: { rejected: false, reviewNeeded: false } } } },
      },
    }),
  ]);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / inspectionsPageSize)),
    inspections: rows.map((row) => ({
      id: row.id,
      status: row.status,
      openedAt: row.openedAt.toISOString(),
      partner: row.workspace.partner.name,
      workspace: row.workspace.name,
      property: row.property.name,
      findings: row.status === "completed" ? row._count.findings : undefined,
    })),
  };
}
