import { describe, expect, it } from "vitest";
import { isLoopbackHost, loopbackOnlyLookup, secretMayTravel } from "@/lib/roster-feeds/feed-transport";
import { checkFeedUrl, FeedUrlError } from "@/lib/roster-feeds/feed-url";

describe("where a feed secret may travel", () => {
  it.each([
    "https://feed.example/x",
    "https://10.0.0.5/x",
    "http://localhost:3000/x",
    "http://127.0.0.1/x",
    "http://127.9.8.7:81/x",
    "http://[::1]/x",
  ])("allows %s", (url) => {
    expect(secretMayTravel(new URL(url))).toBe(true);
    expect(checkFeedUrl(url)).toBe(url);
  });

  it.each([
    "http://feed.example/x",
    "http://10.0.0.5/x",
    "http://192.0.2.10:8080/x",
    "http://localhost.feed.example/x",
    "http://[::2]/x",
    "http://[fe80::1]/x",
  ])("refuses %s at feed set", (url) => {
    expect(secretMayTravel(new URL(url))).toBe(false);
    expect(() => checkFeedUrl(url)).toThrow(FeedUrlError);
  });

  it("reads loopback hosts as the URL parser gives them", () => {
    expect(isLoopbackHost(new URL("http://LOCALHOST/").hostname)).toBe(true);
    expect(isLoopbackHost(new URL("http://[0:0:0:0:0:0:0:1]/").hostname)).toBe(true);
    expect(isLoopbackHost(new URL("http://2130706433/").hostname)).toBe(true);
    expect(isLoopbackHost(new URL("http://[::ffff:127.0.0.1]/").hostname)).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
  });

  it("dials plain http only where the system resolver says loopback", async () => {
    const lookup = (hostname: string, all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        loopbackOnlyLookup(hostname, { all }, (error, address) => (error ? reject(error) : resolve(address))),
      );
    expect(await lookup("localhost", false)).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(await lookup("localhost", true)).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]),
    );
    // /etc/hosts maps this machine's own names to loopback here; a public-looking literal is refused.
    await expect(lookup("192.0.2.10", false)).rejects.toMatchObject({ code: "ENOTLOOPBACK" });
  });
});
