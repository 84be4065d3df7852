import "server-only";
import { db } from "../db/client";
import type { KeyStatus } from "../generated/prisma/enums";
import { requirePartner } from "./require-partner";

export interface ApiKeySummary {
  keyId: string;
  hint: string;
  /** "" when none was given. */
  name: string;
  status: KeyStatus;
  scopes: string[];
  sandbox: boolean;
  createdAt: Date;
  revokedAt?: Date;
  lastUsedAt?: Date;
}

/** A partner's keys, newest first, described without the secret or its hash. */
export async function listApiKeys(partnerId: string): Promise<ApiKeySummary[]> {
  await requirePartner(partnerId);
  const rows = await db().apiKey.findMany({
    where: { partnerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      hint: true,
      name: true,
      status: true,
      scopes: true,
      sandbox: true,
      createdAt: true,
      revokedAt: true,
      lastUsedAt: true,
    },
  });
  return rows.map((row) => ({
    keyId: row.id,
    hint: row.hint,
    name: row.name,
    status: row.status,
    scopes: row.scopes,
    sandbox: row.sandbox,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt ?? undefined,
    lastUsedAt: row.lastUsedAt ?? undefined,
  }));
}
