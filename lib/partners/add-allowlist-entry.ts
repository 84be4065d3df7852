import "server-only";
import { db } from "../db/client";
import { parseAllowlistEntry } from "./allowlist-entry";
import { requirePartner } from "./require-partner";

/**
 * Adds an app scheme or web origin to the partner's return_url allowlist. The entry is stored in
 * its normalised spelling, so adding one origin twice (in any case, with or without :443) is a no-op.
 */
export async function addAllowlistEntry(partnerId: string, text: string): Promise<{ entry: string; added: boolean }> {
  const { entry } = parseAllowlistEntry(text);
  await requirePartner(partnerId);
  const created = await db().allowlistEntry.createMany({ data: [{ partnerId, entry }], skipDuplicates: true });
  return { entry, added: created.count === 1 };
}
