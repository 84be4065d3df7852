import "server-only";
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { calculateJwkThumbprint, importPKCS8, type CryptoKey, type JWK } from "jose";
import { config } from "../config";
import { dropProcessSingleton, processSingleton } from "../process-state";
import { dataDirSecret } from "../secrets/data-dir-secret";

export interface EvidenceSigningKey {
  /** The public key's RFC 7638 thumbprint: every record's `kid`. */
  kid: string;
  privateKey: CryptoKey;
  /** As served in /.well-known/jwks.json. */
  publicJwk: JWK;
}

/**
 * EVIDENCE_SIGNING_KEY wherever a database is shared (lib/config.ts refuses an external
 * DATABASE_URL without it); with the embedded database, one made on first use and kept in
 * DATA_DIR as the app secret is (lib/secrets/data-dir-secret.ts).
 */
function signingKeyPem(): string {
  return (
    config().EVIDENCE_SIGNING_KEY ??
    dataDirSecret(config().DATA_DIR, "evidence-signing-key.pem", () =>
      generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    )
  );
}

/** The key and its public half, from PKCS#8 PEM; anything but Ed25519 is refused. */
export async function loadSigningKey(text: string): Promise<EvidenceSigningKey> {
  // Environment files often carry a PEM on one line with its newlines written as \n.
  const pem = text.replace(/\\n/g, "\n").trim();
  const keyObject = createPrivateKey(pem);
  if (keyObject.asymmetricKeyType !== "ed25519") {
    throw new Error(`EVIDENCE_SIGNING_KEY must be an Ed25519 key (it is ${keyObject.asymmetricKeyType ?? "not asymmetric"})`);
  }
  const { kty, crv, x } = createPublicKey(keyObject).export({ format: "jwk" });
  const kid = await calculateJwkThumbprint({ kty, crv, x }, "sha256");
  return {
    kid,
    privateKey: await importPKCS8(pem, "EdDSA"),
    publicJwk: { kty, crv, x, kid, alg: "EdDSA", use: "sig" },
  };
}

/**
 * The process's signing key, read once per key (a failed read is tried again on the next call).
 * Keyed by the key itself, so a rotated key is never answered from the old one's slot.
 */
export function evidenceSigningKey(): Promise<EvidenceSigningKey> {
  const pem = signingKeyPem();
  const slot = `evidence-signing-key:${createHash("sha256").update(pem).digest("hex")}`;
  return processSingleton(slot, () =>
    loadSigningKey(pem).catch((error: unknown) => {
      dropProcessSingleton(slot);
      throw error;
    }),
  );
}
