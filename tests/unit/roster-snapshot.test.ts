import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/errors/api-error";
import { checkSnapshot } from "../../lib/roster/check-snapshot";
import { normalizeSnapshot } from "../../lib/roster/normalize-snapshot";
import { parseOrThrow } from "../../lib/http/validation";
import { rosterSnapshotBody, type RosterSnapshotBody } from "../../lib/roster/schemas";

const address = { line1: "1 Main St", city: "Leeds", region: "WY", postal_code: "LS1", country_code: "GB" };

function body(properties: Record<string, unknown>[], extra: Record<string, unknown> = {}): RosterSnapshotBody {
  return rosterSnapshotBody.parse({
    complete: true,
    observed_at: "2026-11-21T10:00:00Z",
    total_count: properties.length,
    properties,
    ...extra,
  });
}

function refusal(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("normalizeSnapshot", () => {
  it("hashes equal for reordered properties and keys, the same instant in another offset, and a spelled-out default", () => {
    const a = body([
      { property_id: "b", name: "B", address },
      { property_id: "a", name: "A", status: "active", address_unavailable_reason: "new" },
    ]);
    const b = body(
      [
        { address_unavailable_reason: "new", name: "A", property_id: "a" },
        { name: "B", address: { ...address }, property_id: "b", status: "active" },
      ],
      { observed_at: "2026-11-21T11:00:00+01:00" },
    );
    expect(normalizeSnapshot(a).hash).toBe(normalizeSnapshot(b).hash);
  });

  it("hashes differently when anything that matters changes", () => {
    const base = normalizeSnapshot(body([{ property_id: "a", name: "A", address }])).hash;
    const variants = [
      body([{ property_id: "a", name: "A ", address }]),
      body([{ property_id: "A", name: "A", address }]),
      body([{ property_id: "a", name: "A", status: "inactive", address }]),
      body([{ property_id: "a", name: "A", address }], { observed_at: "2026-11-21T10:00:01Z" }),
      body([{ property_id: "a", name: "A", address }], { allow_empty: true }),
      body([{ property_id: "a", name: "A", address }], { acknowledge_inactive_count: 0 }),
      body([{ property_id: "a", name: "A", address: { ...address, line2: "Flat 2" } }]),
    ];
    for (const variant of variants) expect(normalizeSnapshot(variant).hash).not.toBe(base);
  });

  it("sorts items in byte order of property_id and counts them", () => {
    const snapshot = normalizeSnapshot(
      body([
        { property_id: "é", name: "x", address },
        { property_id: "Z", name: "x", status: "inactive", address },
        { property_id: "a", name: "x", address_unavailable_reason: "r" },
      ]),
    );
    expect(snapshot.items.map((item) => item.property_id)).toEqual(["Z", "a", "é"]);
    expect(snapshot.counts).toEqual({ total: 3, active: 2, inactive: 1, missing_address: 1 });
  });
});

describe("checkSnapshot", () => {
  it("checks the cap before repeated ids, and repeated ids before total_count", () => {
    const repeated = rosterSnapshotBody.parse({
      complete: true,
      observed_at: "2026-11-21T10:00:00Z",
      total_count: 9,
      properties: [
        { property_id: "a", name: "A", address },
        { property_id: "a", name: "A", address },
      ],
    });
    expect(refusal(() => checkSnapshot(repeated, 1))).toEqual({
      code: "invalid_request",
      detail: { parameter: "properties", limit: 1 },
    });
    expect(refusal(() => checkSnapshot(repeated, 10))).toMatchObject({
      detail: { parameter: "properties[1].property_id", duplicate_property_ids: ["a"] },
    });
    const miscounted = { ...repeated, properties: repeated.properties.slice(0, 1) };
    expect(refusal(() => checkSnapshot(miscounted, 10))).toEqual({
      code: "invalid_request",
      detail: { parameter: "total_count" },
    });
  });

  it("accepts a roster exactly at the cap", () => {
    expect(() => checkSnapshot(body([{ property_id: "a", name: "A", address }]), 1)).not.toThrow();
  });
});

describe("blank optional fields", () => {
  const parse = (item: Record<string, unknown>) =>
    refusal(() =>
      parseOrThrow(rosterSnapshotBody, {
        complete: true,
        observed_at: "2026-11-21T10:00:00Z",
        total_count: 1,
        properties: [item],
      }),
    );

  it.each([
    ["address_unavailable_reason", { property_id: "a", name: "A", address_unavailable_reason: "  " }],
    ["building_id", { property_id: "a", name: "A", address, building_id: "" }],
    ["unit_label", { property_id: "a", name: "A", address, unit_label: " \t" }],
    ["address.line2", { property_id: "a", name: "A", address: { ...address, line2: "" } }],
  ])("refuses a blank %s by name instead of accepting it and dropping it", (field, item) => {
    expect(parse(item)).toEqual({ code: "invalid_request", detail: { parameter: `properties[0].${field}`, index: 0 } });
  });
});
