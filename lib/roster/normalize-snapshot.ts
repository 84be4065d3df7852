import { createHash } from "node:crypto";
import type { RosterItem, RosterSnapshotBody } from "./schemas";

export interface NormalizedItem {
  property_id: string;
  name: string;
  status: "active" | "inactive";
  address?: RosterItem["address"];
  address_unavailable_reason?: string;
  building_id?: string;
  unit_label?: string;
}

export interface NormalizedSnapshot {
  observedAt: Date;
  totalCount: number;
  allowEmpty: boolean;
  acknowledgeInactiveCount?: number;
  items: NormalizedItem[];
  counts: { total: number; active: number; inactive: number; missing_address: number };
  /** Equal for two snapshots that differ only in key order, property order or spelled-out defaults. */
  hash: string;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function normalizeItem(item: RosterItem): NormalizedItem {
  return { ...item, status: item.status ?? "active" };
}

// Byte order of the ids (they are compared byte for byte everywhere else too).
function byPropertyId(a: NormalizedItem, b: NormalizedItem): number {
  return Buffer.compare(Buffer.from(a.property_id), Buffer.from(b.property_id));
}

export function normalizeSnapshot(body: RosterSnapshotBody): NormalizedSnapshot {
  const items = body.properties.map(normalizeItem).sort(byPropertyId);
  const observedAt = new Date(body.observed_at);
  const allowEmpty = body.allow_empty ?? false;
  const hash = createHash("sha256")
    .update(
      canonicalJson({
        observed_at: observedAt.toISOString(),
        total_count: body.total_count,
        allow_empty: allowEmpty,
        acknowledge_inactive_count: body.acknowledge_inactive_count,
        properties: items,
      }),
    )
    .digest("hex");
  const active = items.filter((item) => item.status === "active").length;
  return {
    observedAt,
    totalCount: body.total_count,
    allowEmpty,
    acknowledgeInactiveCount: body.acknowledge_inactive_count,
    items,
    counts: {
      total: items.length,
      active,
      inactive: items.length - active,
      missing_address: items.filter((item) => item.address_unavailable_reason !== undefined).length,
    },
    hash,
  };
}
