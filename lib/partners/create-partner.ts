import "server-only";
import { db } from "../db/client";
import { type IssuedKey, issueApiKey } from "./issue-api-key";

/** Registers a partner and issues its first key. */
export async function createPartner(name: string): Promise<{ partnerId: string } & IssuedKey> {
  const partner = await db().partner.create({ data: { name } });
  const key = await issueApiKey(partner.id);
  return { partnerId: partner.id, ...key };
}
