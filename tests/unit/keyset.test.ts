import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keysetCursorQuery, keysetOrder, keysetPage, keysetWhere, positionOf } from "../../lib/db/keyset";

/*
 * The consoles' keyset paging, as pure rules: the cursors a page hands out, how a cursor is read
 * back (or refused), and which rows the next query asks for. The queries themselves run against
 * PostgreSQL in tests/integration/console-paging.test.ts.
 */

interface Row {
  name: string;
  id: string;
}

const rows: Row[] = Array.from({ length: 7 }, (_, index) => ({ name: `home ${index}`, id: randomUUID() }));
const keyOf = (row: Row) => ({ value: row.name, id: row.id });

/** What a query ordered by keysetOrder with take: size + 1 reads from `all`, past `cursor`. */
function read(all: Row[], size: number, cursor?: string) {
  const position = positionOf(cursor);
  const forward = position?.direction !== "before";
  const index = position ? all.findIndex((row) => row.id === position.id) : -1;
  const slice = forward ? all.slice(index + 1) : all.slice(0, index).reverse();
  return keysetPage(slice.slice(0, size + 1), size, position, keyOf);
}

describe("keysetPage", () => {
  it("walks forward and back through a list, page by page, with no page skipped or repeated", () => {
    const first = read(rows, 3);
    expect(first.rows.map((row) => row.name)).toEqual(["home 0", "home 1", "home 2"]);
    expect(first.previous).toBeUndefined();
    const second = read(rows, 3, first.next);
    expect(second.rows.map((row) => row.name)).toEqual(["home 3", "home 4", "home 5"]);
    const third = read(rows, 3, second.next);
    expect(third.rows.map((row) => row.name)).toEqual(["home 6"]);
    expect(third.next).toBeUndefined();
    const back = read(rows, 3, third.previous);
    expect(back.rows.map((row) => row.name)).toEqual(["home 3", "home 4", "home 5"]);
    const start = read(rows, 3, back.previous);
    expect(start.rows.map((row) => row.name)).toEqual(["home 0", "home 1", "home 2"]);
    expect(start.previous).toBeUndefined();
    expect(start.next).toBeDefined();
  });

  it("hands out no cursor for a list that fits on one page", () => {
    const only = read(rows, 10);
    expect(only.rows).toHaveLength(7);
    expect(only).not.toHaveProperty("next", expect.anything());
    expect(only).not.toHaveProperty("previous", expect.anything());
  });
});

describe("cursors", () => {
  it("reads back the position it was made from", () => {
    const page = read(rows, 3);
    expect(positionOf(page.next)).toEqual({ direction: "after", value: "home 2", id: rows[2]!.id });
  });

  it.each([
    ["not base64", "!!!"],
    ["base64 of no JSON", Buffer.from("hello").toString("base64url")],
    ["JSON of another shape", Buffer.from(JSON.stringify({ page: 3 })).toString("base64url")],
    ["an id that is no uuid", Buffer.from(JSON.stringify({ d: "after", v: "x", i: "1 OR 1=1" })).toString("base64url")],
    [
      "a direction that is neither",
      Buffer.from(JSON.stringify({ d: "sideways", v: "x", i: randomUUID() })).toString("base64url"),
    ],
    ["far too long", "a".repeat(2000)],
  ])("reads %s as no position", (_case, cursor) => {
    expect(positionOf(cursor)).toBeUndefined();
  });

  it("refuses a bad ?cursor= with an issue naming it, and reads none as the first page", () => {
    const refused = keysetCursorQuery.safeParse("garbage!");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^The cursor is not a place in this list/);
    expect(keysetCursorQuery.parse(undefined)).toBeUndefined();
    expect(keysetCursorQuery.parse("")).toBeUndefined();
  });
});

describe("the query past a position", () => {
  const id = randomUUID();

  it("bounds the sort column itself, so that the index scan starts at the position", () => {
    const at = new Date("2026-11-27T07:00:00.000Z");
    expect(keysetWhere("openedAt", "desc", { direction: "after", value: at.toISOString(), id }, at)).toEqual({
      AND: [{ openedAt: { lte: at } }, { OR: [{ openedAt: { lt: at } }, { openedAt: at, id: { lt: id } }] }],
    });
  });

  it("reads back towards the start in the reverse order, past the position the other way", () => {
    const position = { direction: "before" as const, value: "Acme", id };
    expect(keysetWhere("name", "asc", position, "Acme")).toEqual({
      AND: [{ name: { lte: "Acme" } }, { OR: [{ name: { lt: "Acme" } }, { name: "Acme", id: { lt: id } }] }],
    });
    expect(keysetOrder("name", "asc", position)).toEqual([{ name: "desc" }, { id: "desc" }]);
    expect(keysetOrder("name", "asc")).toEqual([{ name: "asc" }, { id: "asc" }]);
  });
});
