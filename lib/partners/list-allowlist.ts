import "server-only";
import { db, type Tx } from "../db/client";
import { requirePartner } from "./require-partner";

/** A partner's return_url allowlist in its stored (normalised) spelling, in byte order. */
export async function listAllowlist(partnerId: string, tx: Tx = db()): Promise<string[]> {
  await requirePartner(partnerId, tx);
  const rows = await tx.allowlistEntry.findMany({
    where: { partnerId },
    orderBy: { entry: "asc" },
    select: { entry: true },
  });
  return rows.map((row) => row.entry);
}
