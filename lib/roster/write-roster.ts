import "server-only";
import type { Tx } from "../db/client";
import { incomingRows } from "./roster-columns";

/**
 * Writes the staged snapshot (stageIncoming) as the new roster at `revision`: listed properties are created or
 * updated (active -> present, inactive -> inactive), present ones it leaves out become
 * inactive. Nothing is deleted. Switching on is left to activation; switching off is immediate.
 */
export async function writeRoster(tx: Tx, workspaceId: string, revision: number): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO property AS p (id, workspace_id, external_id, name, roster_status, billing_active,
       address_line1, address_line2, address_city, address_region, address_postal_code, address_country_code,
       address_unavailable_reason, building_id, unit_label, last_seen_at, last_seen_revision, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, i.external_id, i.name,
       (CASE WHEN i.status = 'active' THEN 'present' ELSE 'inactive' END)::"PropertyRosterStatus", false,
       i.line1, i.line2, i.city, i.region, i.postal_code, i.country_code, i.reason, i.building_id, i.unit_label,
       now(), $2, now(), now()
     FROM ${incomingRows}
     ON CONFLICT (workspace_id, external_id) DO UPDATE SET
       name = EXCLUDED.name,
       roster_status = EXCLUDED.roster_status,
       billing_active = p.billing_active AND EXCLUDED.roster_status = 'present',
       address_line1 = EXCLUDED.address_line1,
       address_line2 = EXCLUDED.address_line2,
       address_city = EXCLUDED.address_city,
       address_region = EXCLUDED.address_region,
       address_postal_code = EXCLUDED.address_postal_code,
       address_country_code = EXCLUDED.address_country_code,
       address_unavailable_reason = EXCLUDED.address_unavailable_reason,
       building_id = EXCLUDED.building_id,
       unit_label = EXCLUDED.unit_label,
       last_seen_at = EXCLUDED.last_seen_at,
       last_seen_revision = EXCLUDED.last_seen_revision,
       updated_at = CASE WHEN (p.roster_status, p.name, p.address_line1, p.address_line2, p.address_city,
           p.address_region, p.address_postal_code, p.address_country_code, p.address_unavailable_reason,
           p.building_id, p.unit_label)
         IS DISTINCT FROM (EXCLUDED.roster_status, EXCLUDED.name, EXCLUDED.address_line1, EXCLUDED.address_line2,
           EXCLUDED.address_city, EXCLUDED.address_region, EXCLUDED.address_postal_code, EXCLUDED.address_country_code,
           EXCLUDED.address_unavailable_reason, EXCLUDED.building_id, EXCLUDED.unit_label)
         THEN now() ELSE p.updated_at END`,
    workspaceId,
    revision,
  );
  await tx.$executeRawUnsafe(
    `UPDATE property p SET roster_status = 'inactive', billing_active = false, updated_at = now()
     WHERE p.workspace_id = $1::uuid AND p.roster_status = 'present'
       AND NOT EXISTS (SELECT 1 FROM ${incomingRows} WHERE i.external_id = p.external_id)`,
    workspaceId,
  );
}
