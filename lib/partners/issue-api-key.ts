import "server-only";
import { db } from "../db/client";
import { apiKeyHint, generateApiKey, hashApiKey } from "./api-key-secret";
import { defaultKeyScopes, type KeyScope, maxActiveKeys } from "./scopes";

export class KeyLimitError extends Error {}

export interface IssuedKey {
  keyId: string;
  apiKey: string;
}

/** Issues a key, shown to the caller once; refuses a third active key (spec, key rotation). */
export async function issueApiKey(
  partnerId: string,
  scopes: KeyScope[] = defaultKeyScopes,
  options: { name?: string } = {},
): Promise<IssuedKey> {
  const apiKey = generateApiKey();
  const row = await db().$transaction(async (tx) => {
    // Locking the partner row serialises concurrent issues, so two can't both see one active key.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM partner WHERE id = ${partnerId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw new Error(`No partner ${partnerId}.`);
    const active = await tx.apiKey.count({ where: { partnerId, status: "active" } });
    if (active >= maxActiveKeys) {
      throw new KeyLimitError(
        `Partner ${partnerId} already has ${maxActiveKeys} active keys; revoke one before issuing another.`,
      );
    }
    return tx.apiKey.create({
      data: {
        partnerId,
        secretHash: new Uint8Array(hashApiKey(apiKey)),
        hint: apiKeyHint(apiKey),
        scopes,
        name: options.name ?? "",
      },
    });
  });
  return { keyId: row.id, apiKey };
}
