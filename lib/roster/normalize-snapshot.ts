import "server-only";
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

// The hash is stored with each run and compared on every replay, so this output must never
// change byte for byte: `{` keys sorted in UTF-16 order, undefined members left out `}`.
function canonicalJsonSlow(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJsonSlow).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJsonSlow(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Every object key in plain JSON data, or undefined where JSON.stringify could write something
 * else than canonicalJsonSlow: undefined or a hole in an array, toJSON, class instances (boxed
 * primitives, dates), functions, symbols, bigints, non-enumerable members or a `__proto__` key.
 */
function objectKeys(value: unknown, keys: Set<string>): Set<string> | undefined {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return keys;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || objectKeys(item, keys) === undefined) return undefined;
    }
    return keys;
  }
  if (typeof value !== "object") return undefined;
  const prototype: unknown = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || "toJSON" in value) return undefined;
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  // JSON.stringify given a key list would also read non-enumerable members.
  if (Object.getOwnPropertyNames(record).length !== names.length) return undefined;
  for (const key of names) {
    if (key === "__proto__") return undefined;
    const item = record[key];
    if (item === undefined) continue;
    keys.add(key);
    if (objectKeys(item, keys) === undefined) return undefined;
  }
  return keys;
}

/**
 * Canonical JSON of the snapshot. A 10,000-item roster is hashed on every submission and every
 * replay, so for plain data the native serializer does it: given an array of keys, JSON.stringify
 * writes each object's members in that array's order (integer-like keys included) and skips the
 * ones an object lacks, so the sorted union of all keys yields canonicalJsonSlow's output without
 * copying anything. Anything else still goes the slow way.
 */
function canonicalJson(value: unknown): string {
  const keys = objectKeys(value, new Set());
  // The default sort compares UTF-16 code units, as `a < b` does.
  return keys === undefined ? canonicalJsonSlow(value) : JSON.stringify(value, [...keys].sort());
}

function normalizeItem(item: RosterItem): NormalizedItem {
  return { ...item, status: item.status ?? "active" };
}

// Byte order of the ids (they are compared byte for byte everywhere else too). Below U+D800,
// UTF-16 code unit order is code point order, which is UTF-8 byte order: the usual ids sort as
// JavaScript strings; only ids with surrogates or U+E000..U+FFFF need their bytes compared.
const beyondPlainOrder = /[\uD800-\uFFFF]/;

function sortByPropertyId(items: NormalizedItem[]): NormalizedItem[] {
  if (!items.some((item) => beyondPlainOrder.test(item.property_id))) {
    return items.sort((a, b) => (a.property_id < b.property_id ? -1 : a.property_id > b.property_id ? 1 : 0));
  }
  return items
    .map((item) => ({ item, key: Buffer.from(item.property_id) }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .map(({ item }) => item);
}

export function normalizeSnapshot(body: RosterSnapshotBody): NormalizedSnapshot {
  const items = sortByPropertyId(body.properties.map(normalizeItem));
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
