import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/fetch/address-policy";
import { FetchRefusal } from "@/lib/fetch/fetch-refusal";
import { checkPhotoUrl, maxPhotoUrlLength, photoHost } from "@/lib/fetch/photo-url";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows %s", (address) => expect(isPublicAddress(address)).toBe(true));

  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "zone id"],
    ["fc00::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped"],
    ["::7f00:1", "IPv4-compatible"],
    ["::808:808", "IPv4-compatible, even of a public address"],
    ["64:ff9b::a00:1", "NAT64 of private"],
    ["64:ff9b:1::808:808", "local-use NAT64"],
    ["2002:a00:1::", "6to4 of private"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["0177.0.0.1", "not a canonical address"],
    ["2130706433", "not a canonical address"],
    ["127.1", "not a canonical address"],
    ["", "empty"],
    ["photos.example", "a name"],
  ])("refuses %s (%s)", (address) => expect(isPublicAddress(address)).toBe(false));
});

function reasonOf(text: string, base?: URL): string | undefined {
  try {
    checkPhotoUrl(text, base);
    return undefined;
  } catch (error) {
    return error instanceof FetchRefusal ? error.reason : "threw something else";
  }
}

describe("checkPhotoUrl", () => {
  it("accepts https on the default port, written or not, up to 2,048 characters", () => {
    expect(checkPhotoUrl("https://photos.example/a.jpg").href).toBe("https://photos.example/a.jpg");
    expect(checkPhotoUrl("https://photos.example:443/a.jpg").port).toBe("");
    const longest = `https://photos.example/${"a".repeat(maxPhotoUrlLength - "https://photos.example/".length)}`;
    expect(longest).toHaveLength(maxPhotoUrlLength);
    expect(reasonOf(longest)).toBeUndefined();
    expect(reasonOf(`${longest}a`)).toBe("invalid_url");
  });

  it("resolves a redirect Location against the URL that answered", () => {
    const base = new URL("https://photos.example/dir/a.jpg");
    expect(checkPhotoUrl("b.jpg", base).href).toBe("https://photos.example/dir/b.jpg");
    expect(checkPhotoUrl("/c.jpg", base).href).toBe("https://photos.example/c.jpg");
    expect(checkPhotoUrl("//cdn.example/d.jpg", base).href).toBe("https://cdn.example/d.jpg");
    expect(reasonOf("http://cdn.example/d.jpg", base)).toBe("invalid_url");
    expect(reasonOf("//u@cdn.example/d.jpg", base)).toBe("invalid_url");
  });

  it("names the host to resolve, or the IP literal to check as it is", () => {
    expect(photoHost(checkPhotoUrl("https://Photos.Example/a.jpg"))).toEqual({ name: "photos.example", isIpLiteral: false });
    expect(photoHost(checkPhotoUrl("https://0x7f.1/"))).toEqual({ name: "127.0.0.1", isIpLiteral: true });
    expect(photoHost(checkPhotoUrl("https://[::ffff:127.0.0.1]/"))).toEqual({ name: "::ffff:7f00:1", isIpLiteral: true });
  });
});
