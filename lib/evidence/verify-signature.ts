import "server-only";
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from "jose";

/** One line of `evidence verify`: what was checked, in words, and whether it holds. */
export interface Check {
  /** What was checked, in words: "recording record signature", "video/walkthrough.mp4". */
  subject: string;
  ok: boolean;
  detail: string;
}

export function payloadOf<T>(jws: string): T {
  return JSON.parse(Buffer.from(jws.split(".")[1] ?? "", "base64url").toString("utf8")) as T;
}

/** A record's EdDSA signature against the published key its `kid` names. */
export async function signatureCheck(subject: string, jws: string, keys: JWK[]): Promise<Check> {
  try {
    const { kid, alg } = decodeProtectedHeader(jws);
    if (alg !== "EdDSA") return { subject, ok: false, detail: `alg is ${String(alg)}, not EdDSA` };
    const jwk = keys.find((key) => key.kid === kid);
    if (!jwk) return { subject, ok: false, detail: `signed by key ${String(kid)}, which the JWKS does not hold` };
    await compactVerify(jws, await importJWK(jwk, "EdDSA"), { algorithms: ["EdDSA"] });
    return { subject, ok: true, detail: `signed by key ${kid}` };
  } catch (error) {
    return { subject, ok: false, detail: `the signature does not verify (${(error as Error).message})` };
  }
}
