import "server-only";
import { pool } from "../db/client";
import type { Property } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { decodeCursor, encodeCursor } from "../http/cursor";
import { type ProgressColumns, type SetupProgress, setupProgressColumns, setupProgressOf } from "../properties/setup-progress";
import { getWorkspace, type WorkspaceWithFeed } from "../workspaces/get-workspace";

/**
 * A listed property as the listing reads it: the property's columns the record shows, its own
 * housekeeping list's item count (0 without one), and the progress of its photos and tour.
 */
export type ListedProperty = Omit<Property, "workspaceId" | "createdAt" | "updatedAt" | "lastSeenAt"> & {
  /** As the API writes it (ISO 8601, UTC, milliseconds), formatted by the database. */
  lastSeenAt: string | null;
  checklistItems: number;
  setup: SetupProgress;
};

export interface PageRequest {
  rosterStatus?: "present" | "inactive" | "unconfirmed";
  limit: number;
  cursor?: string;
}

interface PageRow extends ProgressColumns {
  roster_revision: number;
  id: string | null;
  external_id: string;
  name: string;
  roster_status: Property["rosterStatus"];
  billing_active: boolean;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_region: string | null;
  address_postal_code: string | null;
  address_country_code: string | null;
  address_unavailable_reason: string | null;
  building_id: string | null;
  unit_label: string | null;
  last_seen_at: string | null;
  last_seen_revision: number | null;
  checklist_items: number | null;
}

/*
 * The workspace's revision and one page with each home's housekeeping item count and setup
 * progress, as one statement: one statement reads one snapshot, so an import landing meanwhile
 * cannot pair a page with another revision's number, and no transaction's round trips are paid.
 * The workspace row always comes back, with null property columns when the page is empty.
 * Only the filters in use are written, so the planner sees a plain keyset range.
 */
function pageQuery(workspaceId: string, request: PageRequest, after: string | undefined): { text: string; values: unknown[] } {
  const values: unknown[] = [workspaceId, request.limit + 1];
  const filters = ["p.workspace_id = $1::uuid"];
  if (request.rosterStatus !== undefined) {
    values.push(request.rosterStatus);
    filters.push(`p.roster_status = $${values.length}::"PropertyRosterStatus"`);
  }
  if (after !== undefined) {
    values.push(after);
    filters.push(`p.external_id > $${values.length}`);
  }
  const text = `
    SELECT w.roster_revision, p.*
    FROM workspace w
    LEFT JOIN LATERAL (
      SELECT p.id, p.external_id, p.name, p.roster_status, p.billing_active,
        p.address_line1, p.address_line2, p.address_city, p.address_region, p.address_postal_code,
        p.address_country_code, p.address_unavailable_reason, p.building_id, p.unit_label,
        to_char(p.last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_seen_at,
        p.last_seen_revision,
        c.item_count AS checklist_items, ${setupProgressColumns}
      FROM property p
      LEFT JOIN property_checklist c ON c.property_id = p.id AND c.type = 'housekeeping'
      LEFT JOIN home_tour h ON h.property_id = p.id
      LEFT JOIN tour_import t ON t.id = h.named_import_id
      WHERE ${filters.join(" AND ")}
      ORDER BY p.external_id
      LIMIT $2
    ) p ON true
    WHERE w.id = $1::uuid
    ORDER BY p.external_id`;
  return { text, values };
}

// Typed as the listing's record, so a column it must show fails to compile here until it is read.
// Timestamps come as text: parsing a Date per row only to print it again was a tenth of the CPU.
function fromRow(row: PageRow & { id: string }): ListedProperty {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    rosterStatus: row.roster_status,
    billingActive: row.billing_active,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    addressCity: row.address_city,
    addressRegion: row.address_region,
    addressPostalCode: row.address_postal_code,
    addressCountryCode: row.address_country_code,
    addressUnavailableReason: row.address_unavailable_reason,
    buildingId: row.building_id,
    unitLabel: row.unit_label,
    lastSeenAt: row.last_seen_at,
    lastSeenRevision: row.last_seen_revision,
    checklistItems: row.checklist_items ?? 0,
    setup: setupProgressOf(row),
  };
}

/**
 * `GET /v1/properties`: one page of the roster in byte order of the caller's property_id (the
 * database collates "C"), keyset-paginated so that a page costs the same wherever it is and an
 * import landing mid-walk neither repeats nor skips a property that was there throughout; with
 * the workspace's `roster_revision` read in the same snapshot as the page.
 *
 * Raw SQL on the pool, not Prisma: this is a partner's hot read, and Prisma's per-row work and
 * an interactive transaction cost several times the query (bench `properties-listing`).
 */
export async function readRosterPage(
  partnerId: string,
  workspaceId: string,
  request: PageRequest,
): Promise<{ workspace: WorkspaceWithFeed; properties: ListedProperty[]; nextCursor?: string }> {
  const workspace = await getWorkspace(partnerId, workspaceId);
  const scope = `properties:${workspace.id}:${request.rosterStatus ?? "*"}`;
  const after = request.cursor === undefined ? undefined : decodeCursor(scope, request.cursor);
  const { rows } = await pool().query<PageRow>(pageQuery(workspace.id, request, after));
  if (rows.length === 0) throw new ApiError("workspace_not_provisioned");
  const listed = rows.filter((row): row is PageRow & { id: string } => row.id !== null);
  const properties = listed.slice(0, request.limit).map(fromRow);
  const last = properties.at(-1);
  const nextCursor = listed.length > request.limit && last ? encodeCursor(scope, last.externalId) : undefined;
  return { workspace: { ...workspace, rosterRevision: rows[0]!.roster_revision }, properties, nextCursor };
}
