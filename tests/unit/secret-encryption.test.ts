import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "../../lib/secrets/encryption";

const key = Buffer.from("unit-test-app-secret-not-a-real-one-0123456789", "utf8");
const otherKey = Buffer.from("another-unit-test-app-secret-not-real-9876543210", "utf8");
const purpose = "roster-feed-secret";

/** Flips one bit of one base64url part of the stored value. */
function tamper(stored: string, part: number): string {
  const parts = stored.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0]! ^= 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("secret encryption", () => {
  it("round-trips, with a version prefix and a fresh IV each time", () => {
    const a = encryptSecret("test-feed-secret", purpose, key);
    const b = encryptSecret("test-feed-secret", purpose, key);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("test-feed-secret");
    expect(decryptSecret(a, purpose, key)).toBe("test-feed-secret");
    expect(decryptSecret(b, purpose, key)).toBe("test-feed-secret");
    expect(decryptSecret(encryptSecret("ünïcode ✓", purpose, key), purpose, key)).toBe("ünïcode ✓");
  });

  it("detects a changed IV, tag or ciphertext", () => {
    const stored = encryptSecret("test-feed-secret", purpose, key);
    for (const part of [1, 2, 3]) {
      expect(() => decryptSecret(tamper(stored, part), purpose, key)).toThrow(SecretDecryptionError);
    }
  });

  it("refuses another purpose or another key", () => {
    const stored = encryptSecret("test-feed-secret", purpose, key);
    expect(() => decryptSecret(stored, "webhook-secret", key)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(stored, purpose, otherKey)).toThrow(SecretDecryptionError);
  });

  it("refuses malformed values and unknown versions", () => {
    const stored = encryptSecret("test-feed-secret", purpose, key);
    for (const bad of [
      "",
      "test-feed-secret",
      stored.replace(/^v1/, "v2"),
      stored.split(".").slice(0, 3).join("."),
      `${stored}.x`,
    ]) {
      expect(() => decryptSecret(bad, purpose, key)).toThrow(SecretDecryptionError);
    }
  });
});
