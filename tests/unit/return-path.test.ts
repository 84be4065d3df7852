import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../lib/auth/return-path";

describe("safeReturnPath", () => {
  const appUrl = "https://walkthrough.example";

  it.each([
    ["/settings", "/settings"],
    ["/reports/abc?tab=findings#photos", "/reports/abc?tab=findings#photos"],
    [`${appUrl}/settings`, "/settings"],
    [appUrl, "/"],
    [["/first", "/second"], "/first"],
  ])("keeps a path on this site: %s", (value, expected) => {
    expect(safeReturnPath(value, appUrl)).toBe(expected);
  });

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/ /evil.example",
    "/\u0000/evil.example",
    "/\u00a0/evil.example",
    "/\u200b/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    `${appUrl}.evil.example/`,
    `${appUrl}@evil.example/`,
    "javascript:alert(1)",
    "http://walkthrough.example/settings",
    "",
  ])("sends a return path off this site home instead: %j", (value) => {
    expect(safeReturnPath(value, appUrl)).toBe("/home");
  });

  it("sends home when there is no return path", () => {
    expect(safeReturnPath(undefined, appUrl)).toBe("/home");
  });
});
