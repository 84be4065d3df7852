import { describe, expect, it } from "vitest";
import { mediaKeySegments } from "../../lib/server/media-dispatch";

describe("mediaKeySegments (which /media requests the custom server answers itself)", () => {
  it.each([
    ["/media/a/b.jpg?expires=1&signature=x", ["a", "b.jpg"]],
    ["/media/photo.jpg", ["photo.jpg"]],
    ["/media/tours/p-1/i_2/sha256/ab/abc", ["tours", "p-1", "i_2", "sha256", "ab", "abc"]],
  ])("takes GET %s", (url, segments) => {
    expect(mediaKeySegments("GET", url)).toEqual(segments);
    expect(mediaKeySegments("HEAD", url)).toEqual(segments);
  });

  it.each(["POST", "PUT", "DELETE", "OPTIONS", undefined])("leaves %s to Next (its 405)", (method) => {
    expect(mediaKeySegments(method, "/media/a/b.jpg")).toBeUndefined();
  });

  it.each([
    "/media",
    "/media/",
    "/mediax/a",
    "/v1/media/a",
    "/media/a/", // Next redirects a trailing slash
    "/media//a",
    "/media/a\\b",
    "/media/a/../b", // dot segments are resolved by Next first
    "/media/./a",
    "/media/a%2Fb", // links never hold a `%`
    "/media/%2E%2E/app-secret",
    "/media/a b",
    "/media/ä",
    undefined,
  ])("leaves %s to Next", (url) => {
    expect(mediaKeySegments("GET", url)).toBeUndefined();
  });
});
