import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checklistNameProblem,
  checklistNotesProblem,
  normalizeChecklistText,
  usesDashAsPunctuation,
} from "../../lib/checklists/name-rules";
import { checklistQuery, replaceChecklistBody } from "../../lib/checklists/schemas";
import { ApiError } from "../../lib/errors/api-error";
import { parseOrThrow } from "../../lib/http/validation";

const emDash = "\u2014";
const enDash = "\u2013";
/** Every character JavaScript's `\s` and `trim()` treat as whitespace. */
const whitespace = [
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  " ",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u2009",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
];
/** Dashes that are not an em dash or an en dash: never refused, spaced or not. */
const otherDashes = ["-", "\u2010", "\u2011", "\u2012", "\u2015", "\u2212", "\u2e3a", "\u2e3b", "\ufe58", "\ufe63", "\uff0d"];

/** One code point that is neither whitespace, a control character, an em dash nor an en dash. */
const plainChar = fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => !/[\s\p{Cc}\u2013\u2014]/u.test(c));
/** Characters of every width: ASCII, BMP, and astral (two UTF-16 units each). */
const mixedChar = fc.oneof(plainChar, fc.constantFrom("a", "é", "中", "😀", "𝄞", "🏠"));
const word = (max = 20) => fc.string({ unit: mixedChar, minLength: 1, maxLength: max });
const spaces = fc.string({ unit: fc.constantFrom(...whitespace), minLength: 1, maxLength: 4 });
const codePoints = (value: string) => [...value].length;

function refusal(body: unknown) {
  try {
    parseOrThrow(replaceChecklistBody, body);
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message, detail: error.detail };
    throw error;
  }
  return undefined;
}

describe("checklist name length", () => {
  it("counts Unicode code points, not UTF-16 units: 1 to 120 pass, 121 and more are refused", () => {
    fc.assert(
      fc.property(fc.string({ unit: mixedChar, minLength: 1, maxLength: 160 }), (name) => {
        const problem = checklistNameProblem(name);
        if (codePoints(name) <= 120) expect(problem).toBeUndefined();
        else expect(problem).toMatchObject({ code: "invalid_request", message: expect.stringContaining("120 characters") });
      }),
    );
  });

  it("accepts 120 astral characters (240 UTF-16 units) and refuses 121", () => {
    expect(checklistNameProblem("😀".repeat(120))).toBeUndefined();
    expect(checklistNameProblem("😀".repeat(121))?.code).toBe("invalid_request");
    expect(checklistNameProblem("a".repeat(120))).toBeUndefined();
  });

  it("counts notes the same way, up to 500", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.constantFrom("n", "é", "🧽"), (length, char) => {
        const problem = checklistNotesProblem(char.repeat(length));
        expect(problem === undefined).toBe(length <= 500);
      }),
      { numRuns: 200 },
    );
  });
});

describe("checklist text whitespace", () => {
  it("trims surrounding whitespace of every kind and makes every inner run one space", () => {
    fc.assert(
      fc.property(word(), word(), spaces, spaces, spaces, (a, b, before, inner, after) => {
        expect(normalizeChecklistText(`${before}${a}${inner}${b}${after}`)).toBe(`${a} ${b}`);
      }),
    );
  });

  it("reads a name of whitespace only as missing", () => {
    fc.assert(
      fc.property(spaces, (blank) => {
        expect(checklistNameProblem(normalizeChecklistText(blank))).toMatchObject({ code: "missing_parameter" });
      }),
    );
  });

  it("counts the length after trimming", () => {
    expect(checklistNameProblem(normalizeChecklistText(`   ${"x".repeat(120)}\n\t`))).toBeUndefined();
  });

  it("refuses control characters other than whitespace, and unpaired surrogates", () => {
    for (const bad of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\ud800", "\udfff"]) {
      expect(checklistNameProblem(`Oven${bad}door`), JSON.stringify(bad)).toMatchObject({ code: "invalid_request" });
      expect(checklistNotesProblem(`Oven${bad}door`), JSON.stringify(bad)).toMatchObject({ code: "invalid_request" });
    }
  });
});

describe("checklist name dash rule", () => {
  it("refuses an em dash anywhere, spaced or not", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: mixedChar, maxLength: 10 }),
        fc.string({ unit: mixedChar, maxLength: 10 }),
        fc.option(spaces),
        fc.option(spaces),
        (a, b, s1, s2) => {
          const name = normalizeChecklistText(`${a}${s1 ?? ""}${emDash}${s2 ?? ""}${b}`);
          expect(checklistNameProblem(name)).toMatchObject({
            code: "invalid_request",
            message: expect.stringContaining("colon"),
          });
        },
      ),
    );
  });

  it("refuses an en dash with whitespace of any kind directly before or after it", () => {
    fc.assert(
      fc.property(word(10), word(10), spaces, fc.constantFrom("before", "after", "both"), (a, b, space, where) => {
        const left = where === "after" ? "" : space;
        const right = where === "before" ? "" : space;
        const name = normalizeChecklistText(`${a}${left}${enDash}${right}${b}`);
        expect(usesDashAsPunctuation(name)).toBe(true);
        expect(checklistNameProblem(name)).toMatchObject({ code: "invalid_request", message: expect.stringContaining("colon") });
      }),
    );
  });

  it("accepts an en dash between non-space characters, as in a range", () => {
    fc.assert(
      fc.property(word(10), word(10), (a, b) => {
        expect(checklistNameProblem(`${a}${enDash}${b}`)).toBeUndefined();
      }),
    );
    expect(checklistNameProblem("Beds 1–2: change linen")).toBeUndefined();
  });

  it("accepts every other dash, in a word or with spaces", () => {
    fc.assert(
      fc.property(word(10), word(10), fc.constantFrom(...otherDashes), fc.option(spaces), (a, b, dash, space) => {
        const name = normalizeChecklistText(`${a}${space ?? ""}${dash}${space ?? ""}${b}`);
        expect(checklistNameProblem(name)).toBeUndefined();
      }),
    );
    expect(checklistNameProblem("Built-in oven: clean")).toBeUndefined();
  });

  it("does not apply the dash rule to notes", () => {
    expect(checklistNotesProblem(`Use the blue cloth ${emDash} not the red one`)).toBeUndefined();
  });
});

describe("replaceChecklistBody", () => {
  it("names the item and its index for a problem in any position", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (count, seed) => {
        const index = seed % count;
        const items = Array.from({ length: count }, (_, i) => ({ name: i === index ? `Hall ${emDash} sweep` : `Item ${i}` }));
        expect(refusal({ items })).toMatchObject({
          code: "invalid_request",
          detail: { parameter: `items[${index}].name`, index },
        });
      }),
      { numRuns: 50 },
    );
  });

  it("refuses an empty list pointing at DELETE, and more than 50 items", () => {
    expect(refusal({ items: [] })).toMatchObject({
      code: "invalid_request",
      detail: { parameter: "items" },
      message: expect.stringContaining("DELETE"),
    });
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `Item ${i}` }));
    expect(refusal({ items: many })).toMatchObject({ code: "invalid_request", detail: { parameter: "items" } });
  });

  it("stores trimmed text, and reads blank or null notes as none", () => {
    const parsed = parseOrThrow(replaceChecklistBody, {
      items: [
        { name: "  Kitchen:\n wipe counters ", notes: "   " },
        { name: "Bath", notes: null },
        { name: "Hall", notes: " Mop\tfloor " },
      ],
    });
    expect(parsed.items).toEqual([{ name: "Kitchen: wipe counters" }, { name: "Bath" }, { name: "Hall", notes: "Mop floor" }]);
    expect(parsed.items.map((item) => item.notes)).toEqual([undefined, undefined, "Mop floor"]);
  });
});

describe("checklistQuery type", () => {
  const parse = (query: Record<string, string>) => {
    try {
      return parseOrThrow(checklistQuery, query);
    } catch (error) {
      if (error instanceof ApiError) return { code: error.code, detail: error.detail };
      throw error;
    }
  };

  it("defaults to housekeeping and refuses any other value, an empty one included, as invalid_request", () => {
    expect(parse({ workspace_id: "w" })).toEqual({ workspace_id: "w", type: "housekeeping" });
    expect(parse({ workspace_id: "w", type: "maintenance" })).toEqual({ workspace_id: "w", type: "maintenance" });
    for (const type of ["", " ", "Housekeeping", "cleaning", "inspection "]) {
      expect(parse({ workspace_id: "w", type }), JSON.stringify(type)).toEqual({
        code: "invalid_request",
        detail: { parameter: "type" },
      });
    }
  });
});
