import "server-only";
import { db } from "../db/client";
import type { PartnerStatus } from "../generated/prisma/enums";
import type { Prisma } from "../generated/prisma/client";

export interface PartnerSummary {
  partnerId: string;
  name: string;
  status: PartnerStatus;
  rosterMax: number;
  activeKeys: number;
  workspaces: number;
  createdAt: Date;
}

/** A partner's summary columns and counts, as the CLI and the staff console list them. */
export const partnerSummarySelect = {
  id: true,
  name: true,
  status: true,
  rosterMax: true,
  createdAt: true,
  _count: {
    select: {
      // Live keys: the two the rotation limit counts (sandbox keys have places of their own).
      keys: { where: { status: "active", sandbox: false } },
      workspaces: true,
      users: true,
    },
  },
} satisfies Prisma.PartnerSelect;

/** Every partner with its key and workspace counts, oldest first (staff have tens, not millions). */
export async function listPartners(): Promise<PartnerSummary[]> {
  const rows = await db().partner.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: partnerSummarySelect,
  });
  return rows.map((row) => ({
    partnerId: row.id,
    name: row.name,
    status: row.status,
    rosterMax: row.rosterMax,
    activeKeys: row._count.keys,
    workspaces: row._count.workspaces,
    createdAt: row.createdAt,
  }));
}
