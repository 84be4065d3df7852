import { describe, expect, it } from "vitest";
import { mediaLinkKey, parseLinkQuery, signLink } from "../../lib/media/link-signature";
import { S3Driver } from "../../lib/media/s3-driver";

const linkKey = mediaLinkKey(Buffer.from("s".repeat(32)));

describe("local link signatures", () => {
  it("sign the absence of a type distinctly from an empty one and from every value", () => {
    const claims = { key: "v/clip.mp4", expires: 1_800_000_900 };
    const signatures = new Set([
      signLink(linkKey, claims),
      signLink(linkKey, { ...claims, contentType: "" }),
      signLink(linkKey, { ...claims, contentType: "video/mp4" }),
    ]);
    expect(signatures.size).toBe(3);
  });

  it("parse only the query a signer writes", () => {
    const parse = (query: string) => parseLinkQuery(new URLSearchParams(query));
    expect(parse("expires=1&signature=s")).toEqual({ expires: "1", signature: "s", type: undefined });
    expect(parse("expires=1&type=video%2Fmp4&signature=s")).toEqual({ expires: "1", signature: "s", type: "video/mp4" });
    for (const bad of [
      "expires=1",
      "signature=s",
      "expires=1&signature=s&type=",
      "expires=1&signature=s&type",
      "expires=1&expires=1&signature=s",
      "expires=1&signature=s&x=1",
      "expires=1&signature=s&Type=a%2Fb",
    ]) {
      expect(parse(bad), bad).toBeNull();
    }
  });
});

describe("S3 presigned links", () => {
  // SigV4 signs the canonical request, whose query string is every parameter of the URL except
  // X-Amz-Signature itself: `response-content-type` (from ResponseContentType) is inside the
  // signature, so AWS refuses a link whose type was added, changed or removed. s3rver does not
  // verify SigV4 signatures, so this shows the signed query changes with the type instead.
  const driver = new S3Driver({
    bucket: "b",
    region: "us-east-1",
    endpoint: "http://127.0.0.1:9",
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "secret",
    forcePathStyle: true,
    now: () => 1_800_000_000_000,
  });

  it("carry the overriding type as response-content-type, inside the signature", async () => {
    const plain = new URL((await driver.signedUrl("v/clip.mp4")).url);
    const typed = new URL((await driver.signedUrl("v/clip.mp4", { contentType: "video/webm" })).url);
    const other = new URL((await driver.signedUrl("v/clip.mp4", { contentType: "text/html" })).url);
    expect(plain.searchParams.has("response-content-type")).toBe(false);
    expect(typed.searchParams.get("response-content-type")).toBe("video/webm");
    expect(typed.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    const withoutSignature = (url: URL) => {
      const copy = new URLSearchParams(url.searchParams);
      copy.delete("X-Amz-Signature");
      copy.delete("response-content-type");
      return copy.toString();
    };
    // Same date, key and lifetime: only the type differs, and so does every signature.
    expect(withoutSignature(typed)).toBe(withoutSignature(plain));
    expect(new Set([plain, typed, other].map((url) => url.searchParams.get("X-Amz-Signature"))).size).toBe(3);
  });
});
