import { pool } from "../db/client";
import { log } from "../log";
import { hashApiKey, looksLikeApiKey } from "../partners/api-key-secret";
import { ApiError } from "./errors";

export interface Caller {
  partnerId: string;
  keyId: string;
  scopes: string[];
}

interface KeyRow {
  key_id: string;
  partner_id: string;
  key_status: "active" | "revoked";
  partner_status: "active" | "paused" | null;
  scopes: string[];
}

// One indexed lookup by the key's hash: no scan, nothing compared in application code.
export const lookupSql = `
  SELECT k.id AS key_id, k.partner_id, k.status AS key_status, k.scopes, p.status AS partner_status
  FROM api_key k LEFT JOIN partner p ON p.id = k.partner_id
  WHERE k.secret_hash = $1`;

function bearerToken(header: string | null): string | undefined {
  const match = /^Bearer ([^\s]+)$/.exec(header?.trim() ?? "");
  return match?.[1];
}

async function findKey(key: string): Promise<KeyRow | undefined> {
  try {
    const result = await pool().query<KeyRow>(lookupSql, [hashApiKey(key)]);
    return result.rows[0];
  } catch (error) {
    log().error({ err: error }, "key verification failed");
    throw new ApiError("service_unavailable", {
      message: "Key verification is unavailable. This is not a key problem; retry later and do not rotate.",
      cause: error,
    });
  }
}

const lastUseWritten = new Map<string, number>();
const lastUseEveryMs = 60_000;

// last_used_at is for staff, so minute precision is plenty and reads don't pay a write each.
function noteKeyUse(keyId: string): void {
  const now = Date.now();
  if (now - (lastUseWritten.get(keyId) ?? 0) < lastUseEveryMs) return;
  lastUseWritten.set(keyId, now);
  pool()
    .query("UPDATE api_key SET last_used_at = now() WHERE id = $1", [keyId])
    .catch((error: unknown) => log().warn({ err: error, keyId }, "could not record key use"));
}

/** Resolves the partner from `Authorization: Bearer service_pk_…` (spec, Authentication). */
export async function authenticate(request: Request): Promise<Caller> {
  const key = bearerToken(request.headers.get("authorization"));
  if (!key || !looksLikeApiKey(key)) throw new ApiError("invalid_key");
  const row = await findKey(key);
  if (!row) throw new ApiError("invalid_key");
  if (row.key_status === "revoked") throw new ApiError("key_revoked");
  if (row.partner_status !== "active") throw new ApiError("partner_disabled");
  noteKeyUse(row.key_id);
  return { partnerId: row.partner_id, keyId: row.key_id, scopes: row.scopes };
}
