import { describe, expect, it } from "vitest";
import { parseRange } from "../../lib/media/byte-range";

describe("parseRange", () => {
  it.each([
    ["bytes=0-9", { kind: "partial", range: { start: 0, end: 9 } }],
    ["bytes=90-", { kind: "partial", range: { start: 90, end: 99 } }],
    ["bytes=90-500", { kind: "partial", range: { start: 90, end: 99 } }],
    ["bytes=-10", { kind: "partial", range: { start: 90, end: 99 } }],
    ["bytes=-500", { kind: "partial", range: { start: 0, end: 99 } }],
    ["bytes=99-99", { kind: "partial", range: { start: 99, end: 99 } }],
    ["bytes=100-", { kind: "unsatisfiable" }],
    ["bytes=100-200", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=9-0", { kind: "whole" }],
    ["bytes=0-1,5-6", { kind: "whole" }],
    ["items=0-1", { kind: "whole" }],
    ["bytes=-", { kind: "whole" }],
    ["bytes=a-b", { kind: "whole" }],
  ])("%s of 100 bytes", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it("serves the whole object without a header", () => {
    expect(parseRange(null, 100)).toEqual({ kind: "whole" });
  });

  it("can satisfy no range of an empty object", () => {
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
