import "server-only";
import { z } from "zod";
import { db } from "../db/client";
import { InspectionStatus } from "../generated/prisma/enums";
import { isUuid } from "../validation/uuid";

export const inspectionsPageSize = 25;
const statuses = Object.values(InspectionStatus);

/** An inspection as the consoles list it; `findings` once it is completed. */
export const inspectionRow = z.object({
  id: z.string(),
  status: z.enum(InspectionStatus),
  openedAt: z.iso.datetime(),
  partner: z.string(),
  workspace: z.string(),
  /** In a sandbox workspace: a simulated walkthrough (lib/sandbox). */
  sandbox: z.boolean(),
  property: z.string(),
  findings: z.number().int().optional(),
});

export const inspectionsAnswer = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  inspections: z.array(inspectionRow),
});
export type InspectionsAnswer = z.infer<typeof inspectionsAnswer>;
export type InspectionRow = z.infer<typeof inspectionRow>;

/**
 * The newest inspections (of one partner, or all for staff), a server page at a time, filterable
 * by status and workspace; each opens the report page, which staff and the partner's users may read.
 */
export async function inspectionsPage(
  scope: { partnerId?: string },
  page: number,
  statusText?: string | null,
  workspaceText?: string | null,
): Promise<InspectionsAnswer> {
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
        workspace: { select: { name: true, externalId: true, sandbox: true, partner: { select: { name: true } } } },
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
      sandbox: row.workspace.sandbox,
      property: row.property.name,
      findings: row.status === "completed" ? row._count.findings : undefined,
    })),
  };
}
