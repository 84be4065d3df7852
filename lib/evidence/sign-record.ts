import "server-only";
import { createHash } from "node:crypto";
import { CompactSign } from "jose";
import type { Tx } from "../db/client";
import { evidenceSigningKey } from "./signing-key";

/** The JWS `typ` of every evidence record; the payload's `record` says which kind. */
export const evidenceRecordType = "walkthrough-evidence+json";

export interface SignedRecord {
  /** Compact JWS (RFC 7515): alg EdDSA, kid the key's thumbprint, payload the record's JSON. */
  jws: string;
  /** Lowercase hex SHA-256 of the compact JWS's ASCII. */
  sha256: string;
}

export const sha256Hex = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/**
 * Signs `record` and publishes its key in the same transaction (evidence_key), so no stored
 * record ever names a key /.well-known/jwks.json does not serve.
 */
export async function signRecord(tx: Tx, record: object): Promise<SignedRecord> {
  const key = await evidenceSigningKey();
  await tx.evidenceKey.createMany({ data: [{ kid: key.kid, publicJwk: key.publicJwk as object }], skipDuplicates: true });
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(record)))
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ: evidenceRecordType })
    .sign(key.privateKey);
  return { jws, sha256: sha256Hex(jws) };
}
