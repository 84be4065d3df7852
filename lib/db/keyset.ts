import "server-only";
import { z } from "zod";

/*
 * Keyset paging for the consoles' lists: a page starts just after (or, going back, just before)
 * a row already shown, found through the index on (sort value, id), so the fortieth page costs
 * what the first does and pages hold still while rows are added. Offsets made PostgreSQL read
 * and throw away every row before the page, and the count beside them read the whole table.
 */

export type KeysetDirection = "after" | "before";

/** Where a page starts: the sort value and id of the row it follows (or precedes). */
export interface KeysetPosition {
  direction: KeysetDirection;
  value: string;
  id: string;
}

const positionShape = z.object({ d: z.enum(["after", "before"]), v: z.string().max(500), i: z.uuid() });

function encodePosition(direction: KeysetDirection, value: string, id: string): string {
  return Buffer.from(JSON.stringify({ d: direction, v: value, i: id })).toString("base64url");
}

/** The position inside a cursor this module made; undefined for anything else (edited, truncated, foreign). */
export function positionOf(cursor: string | null | undefined): KeysetPosition | undefined {
  if (!cursor || cursor.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const shape = positionShape.safeParse(parsed);
  return shape.success ? { direction: shape.data.d, value: shape.data.v, id: shape.data.i } : undefined;
}

/** `?cursor=` of a console list: absent for the first page, a refusal naming `cursor` when not one a list gave. */
export const keysetCursorQuery = z
  .string()
  .optional()
  .transform((text, context) => {
    if (text === undefined || text === "") return undefined;
    const position = positionOf(text);
    if (position === undefined)
      context.addIssue({
        code: "custom",
        message: "The cursor is not a place in this list: send back one a page gave, or none for the first page.",
      });
    return position;
  });

type Order = "asc" | "desc";

/**
 * The rows past `position` in a list ordered by `field` then `id` (both in `order`). The plain
 * bound on `field` repeats what the OR says, so that PostgreSQL starts its index scan at the
 * position instead of filtering every row before it.
 */
export function keysetWhere<Where>(field: string, order: Order, position: KeysetPosition, value: unknown): Where {
  const forward = position.direction === "after";
  const compare = (order === "desc") === forward ? "lt" : "gt";
  const bound = compare === "lt" ? "lte" : "gte";
  return {
    AND: [
      { [field]: { [bound]: value } },
      { OR: [{ [field]: { [compare]: value } }, { [field]: value, id: { [compare]: position.id } }] },
    ],
  } as Where;
}

/** The rows after one already shown in a list newest first by (`field`, id): the logs that page by `before`. */
export const olderThan = <Where>(field: string, at: Date, id: string): Where =>
  keysetWhere<Where>(field, "desc", { direction: "after", value: at.toISOString(), id }, at);

/** The order to read in: the list's own, or its reverse when reading back towards the start. */
export function keysetOrder<OrderBy>(field: string, order: Order, position?: KeysetPosition): OrderBy[] {
  const direction: Order = position?.direction === "before" ? (order === "asc" ? "desc" : "asc") : order;
  return [{ [field]: direction }, { id: direction }] as OrderBy[];
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** The cursor of the page after this one, when there is one. */
  next?: string;
  /** The cursor of the page before this one, when this is not the first. */
  previous?: string;
}

/**
 * A page out of `rows` read with `take: size + 1` in keysetOrder: the extra row says whether
 * more lie beyond. `keyOf` gives a row's sort value (as the cursor carries it) and id.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  size: number,
  position: KeysetPosition | undefined,
  keyOf: (row: Row) => { value: string; id: string },
): KeysetPage<Row> {
  const more = rows.length > size;
  const backwards = position?.direction === "before";
  const page = backwards ? rows.slice(0, size).reverse() : rows.slice(0, size);
  const first = page[0];
  const last = page.at(-1);
  const cursor = (direction: KeysetDirection, row: Row | undefined) => {
    if (row === undefined) return undefined;
    const key = keyOf(row);
    return encodePosition(direction, key.value, key.id);
  };
  // An empty page past the end (its rows deleted since) still leads back to where it started.
  const back = position && page.length === 0 ? encodePosition("before", position.value, position.id) : undefined;
  return {
    rows: page,
    next: backwards ? cursor("after", last) : more ? cursor("after", last) : undefined,
    previous: backwards ? (more ? cursor("before", first) : undefined) : position ? (cursor("before", first) ?? back) : undefined,
  };
}

/** Counts stop here: "1,000+" is as useful as an exact figure and reads at most this many index entries. */
export const countCap = 1000;

/**
 * What every console list answers beside its rows: the count (read with `take: countCap + 1`),
 * capped, and the page's cursors.
 */
export function keysetAnswer(counted: number, page: KeysetPage<unknown>) {
  return { total: Math.min(counted, countCap), totalCapped: counted > countCap, next: page.next, previous: page.previous };
}
