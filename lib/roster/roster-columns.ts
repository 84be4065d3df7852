import "server-only";
import type { Tx } from "../db/client";

/**
 * Stages run `importId`'s stored snapshot as the temporary table `roster_incoming`, one row per
 * property, dropped at the transaction's end. The diff and the write then read it there: the
 * roster is never read back into the app and sent again as parameters (for 10,000 homes that
 * was several 1 MB statements, each a large part of the apply's time; bench `roster-import`).
 */
export async function stageIncoming(tx: Tx, importId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `CREATE TEMPORARY TABLE roster_incoming ON COMMIT DROP AS
     SELECT s.property_id AS external_id, s.name, s.status,
       s.address->>'line1' AS line1, s.address->>'line2' AS line2, s.address->>'city' AS city,
       s.address->>'region' AS region, s.address->>'postal_code' AS postal_code,
       s.address->>'country_code' AS country_code, s.address_unavailable_reason AS reason,
       s.building_id, s.unit_label
     FROM roster_import r
     CROSS JOIN LATERAL jsonb_to_recordset(r.snapshot) AS s(property_id text, name text, status text, address jsonb,
       address_unavailable_reason text, building_id text, unit_label text)
     WHERE r.id = $1::uuid`,
    importId,
  );
  // An index and statistics for the joins that follow (a temporary table is never analyzed
  // otherwise): the workspace's own rows may have no statistics yet (just imported), and an
  // anti-join planned for one row then compared every held property with every incoming one.
  await tx.$executeRawUnsafe("CREATE INDEX ON roster_incoming (external_id)");
  await tx.$executeRawUnsafe("ANALYZE roster_incoming");
}

/** `FROM` clause naming the staged snapshot (stageIncoming) as the incoming rows. */
export const incomingRows = "roster_incoming AS i";

/** True when an incoming row would change a held property's details. */
export const detailsDiffer = `(p.name, p.address_line1, p.address_line2, p.address_city, p.address_region,
    p.address_postal_code, p.address_country_code, p.address_unavailable_reason, p.building_id, p.unit_label)
  IS DISTINCT FROM (i.name, i.line1, i.line2, i.city, i.region, i.postal_code, i.country_code, i.reason,
    i.building_id, i.unit_label)`;
