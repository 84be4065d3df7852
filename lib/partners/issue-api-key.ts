import "server-only";
import { db } from "../db/client";
import { apiKeyHint, generateApiKey, hashApiKey } from "./api-key-secret";
import { defaultKeyScopes, type KeyScope, maxActiveKeys } from "./scopes";

export class KeyLimitError extends Error {}

export interface IssuedKey {
  keyId: string;
  apiKey: string;
}

export interface IssueOptions {
  /** A sandbox key reaches only sandbox workspaces (lib/workspaces/workspace-kind.ts). */
  sandbox?: boolean;
  /** What the partner calls the key (console); "" when not named. */
  name?: string;
}

/**
 * Issues a key, shown to the caller once; refuses a third active key (spec, key rotation). Live
 * and sandbox keys are counted apart: sandbox keys never take one of the two live places, and
 * have two places of their own, so a sandbox key rotates the same way.
 */
export async function issueApiKey(
  partnerId: string,
  scopes: KeyScope[] = defaultKeyScopes,
  { sandbox = false, name = "" }: IssueOptions = {},
): Promise<IssuedKey> {
  const apiKey = generateApiKey();
  const row = await db().$transaction(async (tx) => {
    // Locking the partner row serialises concurrent issues, so two can't both see one active key.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM partner WHERE id = ${partnerId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw new Error(`No partner ${partnerId}.`);
    const active = await tx.apiKey.count({ where: { partnerId, status: "active", sandbox } });
    if (active >= maxActiveKeys) {
      const kind = sandbox ? "sandbox" : "live";
      throw new KeyLimitError(
        `Partner ${partnerId} already has ${maxActiveKeys} active ${kind} keys; revoke one before issuing another.`,
      );
    }
    return tx.apiKey.create({
      data: { partnerId, secretHash: new Uint8Array(hashApiKey(apiKey)), hint: apiKeyHint(apiKey), scopes, sandbox, name },
    });
  });
  return { keyId: row.id, apiKey };
}
