import { describe, expect, it } from "vitest";
import { parseTourUrl, TourUrlError } from "../../lib/tours/tour-url";

const hosts = { tourHost: "tours.example", discoverHost: "discover.tours.example" };

describe("parseTourUrl", () => {
  it.each([
    ["https://tours.example/show/?m=AbC123", "AbC123"],
    ["https://tours.example/show?m=AbC123", "AbC123"],
    ["https://tours.example/show/?play=1&m=AbC123&brand=0", "AbC123"],
    ["https://TOURS.example/show/?m=AbC123#frag", "AbC123"],
    // An explicit :443 is the default port.
    ["https://tours.example:443/show/?m=AbC123", "AbC123"],
    ["https://discover.tours.example/space/AbC123", "AbC123"],
    ["https://discover.tours.example/space/AbC123/", "AbC123"],
    ["https://discover.tours.example/space/AbC123?utm=1", "AbC123"],
  ])("reads %s as model %s, stored as the share link on the configured host", (text, modelId) => {
    expect(parseTourUrl(text, hosts)).toEqual({ modelId, url: `https://tours.example/show/?m=${modelId}` });
  });

  it.each([
    "http://tours.example/show/?m=abc",
    "https://tours.example:444/show/?m=abc",
    "https://u:p@tours.example/show/?m=abc",
    "https://tours.example/show/?m=",
    "https://tours.example/show/?m=a-b",
    "https://tours.example/show/?m=abc&m=abc",
    "https://tours.example/show/x?m=abc",
    "https://discover.tours.example/space/",
    "https://discover.tours.example/space/a/b",
    "https://discover.tours.example/show/?m=abc",
    "https://tours.example/space/abc",
    "https://my.matterport.com/show/?m=abc",
    "https://tours.example.evil.test/show/?m=abc",
    `https://tours.example/show/?m=${"a".repeat(65)}`,
    `https://tours.example/show/?m=abc&pad=${"x".repeat(2_048)}`,
    "tours.example/show/?m=abc",
  ])("refuses %s", (text) => {
    expect(() => parseTourUrl(text, hosts)).toThrow(TourUrlError);
  });
});
