import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assertContentType, contentAddressedKey, InvalidMediaKeyError, isValidMediaKey } from "../../lib/media/keys";
import { linkSignatureMatches, mediaLinkKey, signLink } from "../../lib/media/link-signature";

describe("media keys", () => {
  it.each(["photo.jpg", "baseline/p_1/sha256/ab/abcdef", "a", "A-b_c.d/e1", "x".repeat(512)])("accepts %s", (key) => {
    expect(isValidMediaKey(key)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["parent segment", "a/../b"],
    ["parent only", ".."],
    ["current segment", "a/./b"],
    ["hidden name", ".secret"],
    ["leading slash", "/etc/passwd"],
    ["trailing slash", "a/b/"],
    ["double slash", "a//b"],
    ["backslash", "a\\..\\b"],
    ["percent escape", "a/%2e%2e/b"],
    ["space", "a b"],
    ["NUL", "a\u0000b"],
    ["newline", "a\nb"],
    ["non-ASCII", "caf\u00e9"],
    ["too long", "x".repeat(513)],
  ])("refuses a key with %s", (_name, key) => {
    expect(isValidMediaKey(key)).toBe(false);
  });

  it("derives a fanned-out key from the digest, equal for equal bytes", () => {
    const digest = createHash("sha256").update("same bytes").digest("hex");
    const key = contentAddressedKey("baseline/p1", digest);
    expect(key).toBe(`baseline/p1/sha256/${digest.slice(0, 2)}/${digest}`);
    expect(contentAddressedKey("baseline/p1", createHash("sha256").update("same bytes").digest("hex"))).toBe(key);
  });

  it("refuses a bad prefix or digest for content addressing", () => {
    expect(() => contentAddressedKey("../x", "a".repeat(64))).toThrow(InvalidMediaKeyError);
    expect(() => contentAddressedKey("x", "A".repeat(64))).toThrow();
    expect(() => contentAddressedKey("x", "abc")).toThrow();
  });

  it("accepts media types and refuses header injection", () => {
    expect(assertContentType("image/jpeg")).toBe("image/jpeg");
    expect(assertContentType("video/mp4; codecs=avc1")).toBe("video/mp4; codecs=avc1");
    expect(() => assertContentType("text/html\r\nSet-Cookie: a=b")).toThrow();
    expect(() => assertContentType("jpeg")).toThrow();
  });
});

describe("media link signatures", () => {
  const linkKey = mediaLinkKey(Buffer.from("s".repeat(32)));
  const claims = { key: "a/b.jpg", expires: 1_800_000_000 };

  it("verifies its own signature and nothing altered", () => {
    const signature = signLink(linkKey, claims);
    expect(linkSignatureMatches(linkKey, claims, signature)).toBe(true);
    expect(linkSignatureMatches(linkKey, { ...claims, key: "a/c.jpg" }, signature)).toBe(false);
    expect(linkSignatureMatches(linkKey, { ...claims, expires: claims.expires + 1 }, signature)).toBe(false);
    expect(linkSignatureMatches(linkKey, { ...claims, contentType: "text/html" }, signature)).toBe(false);
    expect(linkSignatureMatches(linkKey, claims, `${signature.slice(0, -2)}AA`)).toBe(false);
    expect(linkSignatureMatches(linkKey, claims, "")).toBe(false);
    expect(linkSignatureMatches(mediaLinkKey(Buffer.from("t".repeat(32))), claims, signature)).toBe(false);
  });

  it("derives a key of its own purpose, not the raw secret", () => {
    const secret = Buffer.from("s".repeat(32));
    expect(mediaLinkKey(secret).equals(secret)).toBe(false);
    expect(mediaLinkKey(secret)).toHaveLength(32);
  });
});
