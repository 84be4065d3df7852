import "server-only";
import { z } from "zod";
import { rosterSnapshotBody } from "../roster/schemas";

// Generous for any real cursor, and it travels in a URL, so bounded.
const maxCursorLength = 2048;

/**
 * One page of a hosted feed: the push body (same items, same bounds, unknown fields refused)
 * plus an optional `next_cursor` (spec, Hosted feed). `total_count` is the whole feed's, so
 * it is compared across pages rather than against this page's array.
 */
export const feedPage = rosterSnapshotBody.extend({
  next_cursor: z.string().min(1).max(maxCursorLength).optional(),
});

export type FeedPage = z.output<typeof feedPage>;
