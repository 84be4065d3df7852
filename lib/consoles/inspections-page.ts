import "server-only";
import { z } from "zod";
import { db } from "../db/client";
import { countCap, keysetAnswer, type KeysetPosition, keysetOrder, keysetPage, keysetWhere } from "../db/keyset";
import type { Prisma } from "../generated/prisma/client";
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
  /** How many match, counted up to countCap + 1: more than countCap reads "1,000+". */
  total: z.number().int(),
  totalCapped: z.boolean(),
  next: z.string().optional(),
  previous: z.string().optional(),
  inspections: z.array(inspectionRow),
});
export type InspectionsAnswer = z.infer<typeof inspectionsAnswer>;
export type InspectionRow = z.infer<typeof inspectionRow>;

export interface InspectionsFilter {
  /** One partner's, or every partner's for staff. */
  partnerId?: string;
  status?: string | null;
  workspace?: string | null;
}

function whereOf(filter: InspectionsFilter): Prisma.InspectionWhereInput {
  const status = statuses.find((value) => value === filter.status);
  const workspaceId = filter.workspace && isUuid(filter.workspace) ? filter.workspace : undefined;
  return {
    ...(filter.partnerId ? { workspace: { partnerId: filter.partnerId } } : {}),
    ...(status ? { status } : {}),
    ...(workspaceId ? { workspaceId } : {}),
  };
}

/**
 * The query a page reads, newest first by (opened_at, id), the order of the index that serves it
 * (tests/integration/inspection-indexes.test.ts reads its plan).
 */
export function inspectionsPageQuery(filter: InspectionsFilter, position?: KeysetPosition) {
  const where = whereOf(filter);
  return {
    where: position
      ? { AND: [where, keysetWhere<Prisma.InspectionWhereInput>("openedAt", "desc", position, new Date(position.value))] }
      : where,
    orderBy: keysetOrder<Prisma.InspectionOrderByWithRelationInput>("openedAt", "desc", position),
    take: inspectionsPageSize + 1,
    include: {
      property: { select: { name: true } },
      workspace: { select: { name: true, externalId: true, sandbox: true, partner: { select: { name: true } } } },
      _count: { select: { findings: { where: { rejected: false, reviewNeeded: false } } } },
    },
  } satisfies Prisma.InspectionFindManyArgs;
}

/**
 * The newest inspections (of one partner, or all for staff), a server page at a time, filterable
 * by status and workspace; each opens the report page, which staff and the partner's users may read.
 */
export async function inspectionsPage(filter: InspectionsFilter, position?: KeysetPosition): Promise<InspectionsAnswer> {
  const [total, rows] = await Promise.all([
    db().inspection.count({ where: whereOf(filter), take: countCap + 1 }),
    db().inspection.findMany(inspectionsPageQuery(filter, position)),
  ]);
  const page = keysetPage(rows, inspectionsPageSize, position, (row) => ({ value: row.openedAt.toISOString(), id: row.id }));
  return {
    ...keysetAnswer(total, page),
    inspections: page.rows.map((row) => ({
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
