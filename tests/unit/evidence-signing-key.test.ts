import { createPublicKey, generateKeyPairSync, verify, type JsonWebKey } from "node:crypto";
import { calculateJwkThumbprint, CompactSign } from "jose";
import { describe, expect, it } from "vitest";
import { loadSigningKey } from "../../lib/evidence/signing-key";

const pkcs8 = (type: "ed25519" | "ec") =>
  (type === "ed25519" ? generateKeyPairSync("ed25519") : generateKeyPairSync("ec", { namedCurve: "P-256" })).privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString();

describe("the evidence signing key", () => {
  it("names itself by its RFC 7638 thumbprint and signs what Node's crypto verifies with its public JWK", async () => {
    const pem = pkcs8("ed25519");
    const key = await loadSigningKey(pem);
    expect(key.publicJwk).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", kid: key.kid });
    const { kty, crv, x } = createPublicKey(pem).export({ format: "jwk" });
    expect(key.kid).toBe(await calculateJwkThumbprint({ kty, crv, x }));
    expect(key.publicJwk).not.toHaveProperty("d");
    const jws = await new CompactSign(new TextEncoder().encode('{"a":1}'))
      .setProtectedHeader({ alg: "EdDSA", kid: key.kid })
      .sign(key.privateKey);
    const [header, payload, signature] = jws.split(".") as [string, string, string];
    const publicKey = createPublicKey({ key: key.publicJwk as JsonWebKey, format: "jwk" });
    expect(verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, "base64url"))).toBe(true);
  });

  it("reads a PEM written on one line with \\n for its newlines, as environment files carry it", async () => {
    const pem = pkcs8("ed25519");
    expect((await loadSigningKey(pem.replace(/\n/g, "\\n"))).kid).toBe((await loadSigningKey(pem)).kid);
  });

  it("refuses a key that is not Ed25519, naming the variable", async () => {
    await expect(loadSigningKey(pkcs8("ec"))).rejects.toThrow(/EVIDENCE_SIGNING_KEY must be an Ed25519 key \(it is ec\)/);
  });
});
