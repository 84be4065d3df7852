import "server-only";
import { db } from "../db/client";
import type { PartnerStatus } from "../generated/prisma/enums";

export interface PartnerSummary {
  partnerId: string;
  name: string;
  status: PartnerStatus;
  rosterMax: number;
  activeKeys: number;
  workspaces: number;
  createdAt: Date;
}

/** Every partner with its key and workspace counts, oldest first (staff have tens, not millions). */
export async function listPartners(): Promise<PartnerSummary[]> {
  const rows = await db().partner.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      status: true,
      rosterMax: true,
      createdAt: true,
      // Live keys: the two the rotation limit counts (sandbox keys have places of their own).
      _count: { select: { keys: { where: { status: "active", sandbox: false } }, workspaces: true } },
    },
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
