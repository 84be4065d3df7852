// Roster snapshots of a realistic size (about 270 bytes a property, ~2.7 MB for 10,000) for the bench.

export interface BenchItem {
  property_id: string;
  name: string;
  address: { line1: string; line2?: string; city: string; region: string; postal_code: string; country_code: string };
  building_id: string;
  unit_label: string;
}

function item(propertyId: string, index: number): BenchItem {
  const flat = (index % 40) + 1;
  const block = String.fromCharCode(65 + (Math.floor(index / 40) % 26));
  return {
    property_id: propertyId,
    name: `Harbourside Apartment ${index}, Block ${block}`,
    address: {
      line1: `${100 + index} Long Meadow Road, Flat ${flat}`,
      city: "Newcastle upon Tyne",
      region: "Tyne and Wear",
      postal_code: `NE${1 + (index % 9)} ${index % 10}XF`,
      country_code: "GB",
    },
    building_id: `bldg-${Math.floor(index / 40)}`,
    unit_label: `Flat ${flat}`,
  };
}

/** `count` properties with ids `<prefix>-000000`... in byte order. */
export function rosterItems(count: number, prefix = "prop"): BenchItem[] {
  return Array.from({ length: count }, (_, i) => item(`${prefix}-${String(i).padStart(6, "0")}`, i));
}

export interface ChangedRoster {
  items: BenchItem[];
  expected: { created: number; updated: number; deactivated: number; reactivated: number };
}

/**
 * The same roster a partner would push a day later: 10% renamed, 5% dropped, 5% new (so the
 * count stays the same). Renamed and dropped sets are disjoint (i % 10 == 1 vs i % 20 == 0).
 */
export function changedRoster(base: BenchItem[]): ChangedRoster {
  const kept: BenchItem[] = [];
  let updated = 0;
  let dropped = 0;
  base.forEach((original, i) => {
    if (i % 20 === 0) {
      dropped++;
      return;
    }
    if (i % 10 === 1) {
      updated++;
      kept.push({ ...original, name: `${original.name} (renamed)` });
      return;
    }
    kept.push(original);
  });
  const added = rosterItems(dropped, "new");
  return {
    items: [...kept, ...added],
    expected: { created: added.length, updated, deactivated: dropped, reactivated: 0 },
  };
}

/** The POST /v1/roster-imports body, serialized once. */
export function snapshotBody(items: BenchItem[], observedAt = new Date()): string {
  return JSON.stringify({ complete: true, observed_at: observedAt.toISOString(), total_count: items.length, properties: items });
}
