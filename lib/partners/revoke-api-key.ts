import "server-only";
import { db } from "../db/client";
import { hashApiKey, looksLikeApiKey } from "./api-key-secret";

/** Revokes by key id or by the key itself; a revoked key answers 403 key_revoked from then on. */
export async function revokeApiKey(keyIdOrSecret: string): Promise<{ keyId: string; partnerId: string }> {
  const where = looksLikeApiKey(keyIdOrSecret)
    ? { secretHash: new Uint8Array(hashApiKey(keyIdOrSecret)) }
    : { id: keyIdOrSecret };
  const key = await db().apiKey.findFirst({ where, select: { id: true, partnerId: true, status: true } });
  if (!key) throw new Error("No such key.");
  if (key.status !== "revoked") {
    await db().apiKey.update({ where: { id: key.id }, data: { status: "revoked", revokedAt: new Date() } });
  }
  return { keyId: key.id, partnerId: key.partnerId };
}
