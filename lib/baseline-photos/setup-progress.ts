import { db, type Tx } from "../db/client";

export type BaselinePhotosState = "none" | "importing" | "imported" | "failed";

export interface BaselinePhotosProgress {
  count: number;
  state: BaselinePhotosState;
}

export const noBaselinePhotos: BaselinePhotosProgress = { count: 0, state: "none" };

/**
 * The `setup.baseline_photos` block of many homes in one query (spec, Home setup progress):
 * `importing` while an import runs; else `imported` when the home holds photos; else `failed`
 * when its most recent import of the last 30 days failed; else `none`.
 */
export async function baselinePhotosProgress(propertyIds: readonly string[], tx: Tx = db()): Promise<Map<string, BaselinePhotosProgress>> {
  const result = new Map<string, BaselinePhotosProgress>();
  if (propertyIds.length === 0) return result;
  const rows = await tx.$queryRaw<{ id: string; count: number; importing: boolean; latest: string | null }[]>`
    SELECT p.id::text AS id,
      (SELECT count(*)::int FROM baseline_photo b WHERE b.property_id = p.id) AS count,
      EXISTS (SELECT 1 FROM photo_import i WHERE i.property_id = p.id AND i.state = 'importing') AS importing,
      (SELECT i.state::text FROM photo_import i
        WHERE i.property_id = p.id AND i.created_at > now() - interval '30 days'
        ORDER BY i.created_at DESC LIMIT 1) AS latest
    FROM unnest(${[...propertyIds]}::uuid[]) AS p(id)`;
  for (const row of rows) {
    const state: BaselinePhotosState = row.importing
      ? "importing"
      : row.count > 0
        ? "imported"
        : row.latest === "failed"
          ? "failed"
          : "none";
    result.set(row.id, { count: row.count, state });
  }
  return result;
}
