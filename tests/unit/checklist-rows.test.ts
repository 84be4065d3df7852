import { describe, expect, it } from "vitest";
import { hasProblems, moveRow, rowProblems, rowsToItems } from "@/lib/consoles/checklist-rows";

const row = (name: string, notes = "", key = name) => ({ key, name, notes });

describe("the checklist editor's rows", () => {
  it("names the spec's rule a row breaks, at the field that breaks it", () => {
    expect(rowProblems(row("Kitchen: wipe the counters"))).toEqual({});
    expect(rowProblems(row("   "))).toEqual({ name: "Name is required." });
    expect(rowProblems(row("Kitchen — wipe")).name).toMatch(/^Name must not use a dash as punctuation/);
    expect(rowProblems(row("x".repeat(121))).name).toMatch(/^Name must be at most 120 characters/);
    expect(rowProblems(row("Beds", "n".repeat(501)))).toEqual({
      notes: "Notes must be at most 500 characters (Unicode code points).",
    });
    expect(hasProblems([row("Beds"), row("")])).toBe(true);
    expect(hasProblems([row("Beds"), row("Kitchen")])).toBe(false);
  });

  it("moves a row up or down inside the list and nowhere past its ends", () => {
    const rows = ["a", "b", "c"];
    expect(moveRow(rows, 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveRow(rows, 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveRow(rows, 0, -1)).toEqual(rows);
    expect(moveRow(rows, 2, 1)).toEqual(rows);
    expect(rows).toEqual(["a", "b", "c"]);
  });

  it("sends the text as the server stores it, without empty notes", () => {
    expect(rowsToItems([row("  Beds\tmade ", " Fresh  linen "), row("Kitchen", "  ")])).toEqual([
      { name: "Beds made", notes: "Fresh linen" },
      { name: "Kitchen" },
    ]);
  });
});
