import { pool } from "../../db/client";
import { log } from "../../log";
import { hashApiKey, looksLikeApiKey } from "../../partners/api-key-secret";
import { processSingleton } from "../../process-state";
import { ApiError } from "../../errors/api-error";
import { countRequest } from "../../usage/usage-counter";
import { clientLimitKey } from "../client-address";
import { countUnknownCredential } from "../rate-limit";
import { apiSurface } from "../surfaces";
import { assertWorkspaceKind } from "../../workspaces/workspace-kind";
import { dependencyUnavailable } from "../unavailable";
import type { Authenticator } from "./authenticator";
import type { Caller } from "../../partners/partner-caller";

export type { Caller };

interface KeyRow {
  key_id: string;
  partner_id: string;
  key_status: "active" | "revoked";
  partner_status: "active" | "paused" | null;
  scopes: string[];
  sandbox: boolean;
}

// One indexed lookup by the key's hash: no scan, nothing compared in application code.
export const lookupSql = `
  SELECT k.id AS key_id, k.partner_id, k.status AS key_status, k.scopes, k.sandbox, p.status AS partner_status
  FROM api_key k LEFT JOIN partner p ON p.id = k.partner_id
  WHERE k.secret_hash = $1`;

/** The token of an `Authorization: Bearer <token>` header (partner keys, demo poll tokens). */
export function bearerToken(header: string | null): string | undefined {
  const match = /^Bearer ([^\s]+)$/.exec(header?.trim() ?? "");
  return match?.[1];
}

async function findKey(key: string): Promise<KeyRow | undefined> {
  try {
    const result = await pool().query<KeyRow>(lookupSql, [hashApiKey(key)]);
    return result.rows[0];
  } catch (error) {
    log().error({ err: error }, "key verification failed");
    throw dependencyUnavailable(
      error,
      "Key verification is unavailable. This is not a key problem; retry later and do not rotate.",
    );
  }
}

const lastUseEveryMs = 60_000;

// last_used_at is for staff, so minute precision is plenty and reads don't pay a write each.
function noteKeyUse(keyId: string): void {
  const lastUseWritten = processSingleton("key-last-use-written", () => new Map<string, number>());
  const now = Date.now();
  if (now - (lastUseWritten.get(keyId) ?? 0) < lastUseEveryMs) return;
  lastUseWritten.set(keyId, now);
  pool()
    .query("UPDATE api_key SET last_used_at = now() WHERE id = $1", [keyId])
    .catch((error: unknown) => log().warn({ err: error, keyId }, "could not record key use"));
}

/**
 * Resolves the partner from `Authorization: Bearer service_pk_…` (spec, Authentication). A paused
 * or unregistered partner is refused here unless `partnerInHandler`: an operation whose order of
 * refusals puts `partner_disabled` later (the recording link's) then gets `partnerActive: false`.
 */
export async function authenticate(request: Request, { partnerInHandler = false } = {}): Promise<Caller> {
  const key = bearerToken(request.headers.get("authorization"));
  if (!key || !looksLikeApiKey(key)) throw new ApiError("invalid_key");
  const row = await findKey(key);
  if (!row) throw new ApiError("invalid_key");
  if (row.key_status === "revoked") throw new ApiError("key_revoked");
  const partnerActive = row.partner_status === "active";
  if (!partnerActive && !partnerInHandler) throw new ApiError("partner_disabled");
  noteKeyUse(row.key_id);
  return { partnerId: row.partner_id, keyId: row.key_id, scopes: row.scopes, sandbox: row.sandbox, partnerActive };
}

/**
 * `auth: "partnerKey"`: the partner from the key, looked up first, so a valid key is served
 * whatever else its address sends. Missing, malformed or unknown keys count against the address,
 * and past its limit they are answered `429` instead of `401` (a malformed key is refused without
 * a lookup). Every call counts against the key's `general` bucket and the partner's usage.
 */
export const partnerKeyAuth: Authenticator<Caller> = {
  async identify({ request, partnerInHandler }) {
    try {
      return await authenticate(request, { partnerInHandler });
    } catch (error) {
      if (error instanceof ApiError && error.code === "invalid_key") countUnknownCredential(clientLimitKey(request));
      throw error;
    }
  },
  limit: "general",
  limitSubject: (caller) => caller.keyId,
  logFields: (caller) => ({ partnerId: caller.partnerId, keyId: caller.keyId }),
  surface: apiSurface,
  reach: (caller, workspaceId) => assertWorkspaceKind(caller, workspaceId),
  // Usage is what a partner's live integration costs; sandbox calls are practice, not counted.
  answered: (caller, status, errorCode, durationMs) => {
    if (!caller.sandbox) countRequest(caller.partnerId, status, errorCode, durationMs);
  },
};
