import { describe, expect, it } from "vitest";
import { omitEmpty } from "../../lib/http/omit";

describe("omitEmpty", () => {
  it("drops null, undefined, empty strings and objects that end up empty, at any depth", () => {
    expect(omitEmpty({ a: null, b: undefined, c: "", d: {}, e: { f: null }, g: "kept", h: 0, i: false, j: [] })).toEqual({
      g: "kept",
      h: 0,
      i: false,
      j: [],
    });
  });

  it("cleans objects inside arrays but keeps the array entries", () => {
    expect(
      omitEmpty({
        items: [
          { id: "1", reason: undefined },
          { id: "2", reason: "late" },
        ],
      }),
    ).toEqual({
      items: [{ id: "1" }, { id: "2", reason: "late" }],
    });
  });

  it("keeps evidence exactly as given: its empty arrays are part of the contract", () => {
    expect(omitEmpty({ evidence: { before: [], after: [] }, note: null })).toEqual({
      evidence: { before: [], after: [] },
    });
  });
});
