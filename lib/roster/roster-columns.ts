import "server-only";
import type { NormalizedItem } from "./normalize-snapshot";

/**
 * The snapshot as parallel arrays, one per column, for `unnest`: the whole roster travels
 * in one statement however many properties it holds.
 */
export function rosterColumns(items: NormalizedItem[]): unknown[][] {
  return [
    items.map((item) => item.property_id),
    items.map((item) => item.name),
    items.map((item) => item.status),
    items.map((item) => item.address?.line1 ?? null),
    items.map((item) => item.address?.line2 ?? null),
    items.map((item) => item.address?.city ?? null),
    items.map((item) => item.address?.region ?? null),
    items.map((item) => item.address?.postal_code ?? null),
    items.map((item) => item.address?.country_code ?? null),
    items.map((item) => item.address_unavailable_reason ?? null),
    items.map((item) => item.building_id ?? null),
    items.map((item) => item.unit_label ?? null),
  ];
}

/** `FROM` clause naming the arrays $2..$13 as the incoming rows. */
export const incomingRows = `unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
  AS i(external_id, name, status, line1, line2, city, region, postal_code, country_code, reason, building_id, unit_label)`;

/** True when an incoming row would change a held property's details. */
export const detailsDiffer = `(p.name, p.address_line1, p.address_line2, p.address_city, p.address_region,
    p.address_postal_code, p.address_country_code, p.address_unavailable_reason, p.building_id, p.unit_label)
  IS DISTINCT FROM (i.name, i.line1, i.line2, i.city, i.region, i.postal_code, i.country_code, i.reason,
    i.building_id, i.unit_label)`;
