import { describe, expect, it } from "vitest";
import { InvalidPartError } from "../../lib/media/errors";
import { assertPartNumber, checkPartNumbers, completionStep, partName, partNumberOf, partSetPath } from "../../lib/media/parts";

const part = (partNumber: number, text = `part ${partNumber}`) => ({
  partNumber,
  size: text.length,
  sha256: `${partNumber}`.padStart(64, "a"),
});

describe("part numbers and names", () => {
  it("accepts 1..10000 and names them in sortable five digits", () => {
    expect([1, 42, 10_000].map(partName)).toEqual(["00001", "00042", "10000"]);
    expect(["00001", "10000", "00000", "10001", "1", "0001a"].map(partNumberOf)).toEqual([1, 10_000, null, null, null, null]);
    for (const bad of [0, 10_001, 2.5, -3, Number.NaN]) expect(() => assertPartNumber(bad)).toThrow(InvalidPartError);
  });

  it("keeps a key's parts in a folder no other key can have", () => {
    expect(partSetPath("recordings/i/original")).toBe("recordings/i/original/_parts");
    expect(() => partSetPath("../x")).toThrow();
  });

  it("takes a list of distinct valid numbers", () => {
    expect(checkPartNumbers([3, 1, 2])).toEqual([3, 1, 2]);
    expect(() => checkPartNumbers([])).toThrow(InvalidPartError);
    expect(() => checkPartNumbers([1, 2, 1])).toThrow(InvalidPartError);
    expect(() => checkPartNumbers([1, 0])).toThrow(InvalidPartError);
  });
});

describe("completionStep", () => {
  const stored = [part(1), part(2), part(3)];

  it("builds from the parts named, in the order named", () => {
    const step = completionStep([3, 1], stored);
    expect(step).toMatchObject({ kind: "build", parts: [part(3), part(1)] });
  });

  it("names the missing parts", () => {
    expect(completionStep([1, 4, 2, 5], stored)).toEqual({ kind: "missing", missing: [4, 5] });
  });

  it("recognises its own earlier completion: parts gone, or all still there (a crash before they went)", () => {
    const built = completionStep([1, 2, 3], stored);
    if (built.kind !== "build") throw new Error("expected a build");
    expect(completionStep([1, 2, 3], [], built.marker)).toEqual({ kind: "completed" });
    expect(completionStep([1, 2, 3], [part(3)], built.marker)).toEqual({ kind: "completed" });
    expect(completionStep([1, 2, 3], stored, built.marker)).toEqual({ kind: "completed" });
  });

  it("joins anew when the stored parts differ from those completed, and refuses other numbers once they are gone", () => {
    const built = completionStep([1, 2, 3], stored);
    if (built.kind !== "build") throw new Error("expected a build");
    expect(completionStep([1, 2, 3], [part(1), part(2, "re-recorded"), part(3)], built.marker).kind).toBe("build");
    expect(completionStep([1, 2], [], built.marker)).toEqual({ kind: "missing", missing: [1, 2] });
  });
});
