import "server-only";
import { db, type Tx } from "../db/client";
import { Prisma } from "../generated/prisma/client";

export type BaselinePhotosState = "none" | "importing" | "imported" | "failed";
export type TourState = "none" | "importing" | "imported" | "failed";

/** What the `setup` block of a property record says about imports (spec, Home setup progress). */
export interface SetupProgress {
  baselinePhotos: { count: number; state: BaselinePhotosState };
  /** The tour the home names: its latest import's state; `url` only when it names one. */
  tour: { state: TourState; url?: string };
}

/** The progress columns of one home, as setupProgressColumns names them. */
export interface ProgressColumns {
  photo_count: number;
  photos_importing: boolean;
  photos_latest: string | null;
  tour_state: TourState | null;
  tour_url: string | null;
}

/**
 * The select-list columns of a home's import progress, for a query where `p` is the property
 * and `t` its named tour import (LEFT JOIN home_tour h ON h.property_id = p.id LEFT JOIN
 * tour_import t ON t.id = h.named_import_id). Shared with the roster listing, which reads them
 * with its page in one statement.
 */
export const setupProgressColumns = `
  (SELECT count(*)::int FROM baseline_photo b WHERE b.property_id = p.id) AS photo_count,
  EXISTS (SELECT 1 FROM photo_import i WHERE i.property_id = p.id AND i.state = 'importing') AS photos_importing,
  (SELECT i.state::text FROM photo_import i
    WHERE i.property_id = p.id AND i.created_at > now() - interval '30 days'
    ORDER BY i.created_at DESC LIMIT 1) AS photos_latest,
  t.state::text AS tour_state,
  t.url AS tour_url`;

function photosState(row: ProgressColumns): BaselinePhotosState {
  if (row.photos_importing) return "importing";
  if (row.photo_count > 0) return "imported";
  return row.photos_latest === "failed" ? "failed" : "none";
}

/**
 * Baseline photos: `importing` while a photo import runs; else `imported` when the home holds
 * photos; else `failed` when its most recent import of the last 30 days failed; else `none`.
 * Tour: the state of the tour the home names, which may be a failed new tour while an older one
 * stays in use.
 */
export function setupProgressOf(row: ProgressColumns): SetupProgress {
  return {
    baselinePhotos: { count: row.photo_count, state: photosState(row) },
    tour: row.tour_state === null ? { state: "none" } : { state: row.tour_state, url: row.tour_url ?? undefined },
  };
}

/** The import parts of the `setup` block of many homes in one query (setupProgressOf). */
export async function setupProgress(propertyIds: readonly string[], tx: Tx = db()): Promise<Map<string, SetupProgress>> {
  const result = new Map<string, SetupProgress>();
  if (propertyIds.length === 0) return result;
  const rows = await tx.$queryRaw<(ProgressColumns & { id: string })[]>`
    SELECT p.id::text AS id, ${Prisma.raw(setupProgressColumns)}
    FROM unnest(${[...propertyIds]}::uuid[]) AS p(id)
    LEFT JOIN home_tour h ON h.property_id = p.id
    LEFT JOIN tour_import t ON t.id = h.named_import_id`;
  for (const row of rows) result.set(row.id, setupProgressOf(row));
  return result;
}
