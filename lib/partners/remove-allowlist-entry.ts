import "server-only";
import { db } from "../db/client";
import { parseAllowlistEntry } from "./allowlist-entry";
import { requirePartner } from "./require-partner";

export class AllowlistEntryNotFoundError extends Error {}

/**
 * Removes an entry, matched in its normalised spelling. An entry that is not on the list is an
 * error rather than a no-op: staff removing access must not be told it worked after a typo.
 */
export async function removeAllowlistEntry(partnerId: string, text: string): Promise<{ entry: string }> {
  const { entry } = parseAllowlistEntry(text);
  await requirePartner(partnerId);
  const removed = await db().allowlistEntry.deleteMany({ where: { partnerId, entry } });
  if (removed.count === 0) {
    throw new AllowlistEntryNotFoundError(`${entry} is not on the allowlist of partner ${partnerId}; nothing was removed.`);
  }
  return { entry };
}
