import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { createTestPartner } from "../fixtures/partners";
import { item, items, listAll, provision, pushAndWait, snapshot } from "../fixtures/roster";

let key: string;
beforeAll(async () => {
  key = (await createTestPartner()).apiKey;
});

const page = (workspaceId: string, query: Record<string, string | undefined> = {}) =>
  call("GET", "/v1/properties", { key, query: { workspace_id: workspaceId, ...query } });

describe("GET /v1/properties", () => {
  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = await provision(key, "listing");
    const properties = [...items(25), item("gone", { status: "inactive" })];
    await pushAndWait(key, workspaceId, snapshot(properties));
  });

  it("walks every property exactly once with the default and small limits, next_cursor omitted at the end", async () => {
    const first = await page(workspaceId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ workspace_id: workspaceId, roster_revision: 1 });
    expect(first.body.properties).toHaveLength(26);
    expect(first.body.next_cursor).toBeUndefined();

    const walked = await listAll(key, workspaceId, { limit: "7" });
    expect(walked.map((p) => p.property_id)).toEqual(
      (first.body.properties as { property_id: string }[]).map((p) => p.property_id),
    );
  });

  it("writes last_seen_at as the stored time's ISO 8601 form, to the millisecond", async () => {
    // The listing has the database format it (no Date per row); it must print what toISOString prints.
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 67));
    await db().property.updateMany({
      where: { workspace: { externalId: workspaceId }, externalId: "gone" },
      data: { lastSeenAt: at },
    });
    const listed = (await page(workspaceId)).body.properties as { property_id: string; last_seen_at?: string }[];
    const stored = await db().property.findMany({
      where: { workspace: { externalId: workspaceId } },
      select: { externalId: true, lastSeenAt: true },
    });
    expect(listed.find((p) => p.property_id === "gone")?.last_seen_at).toBe("2026-01-02T03:04:05.067Z");
    for (const property of stored) {
      expect(listed.find((p) => p.property_id === property.externalId)?.last_seen_at).toBe(property.lastSeenAt?.toISOString());
    }
  });

  it("filters by roster_status", async () => {
    const inactive = await listAll(key, workspaceId, { roster_status: "inactive" });
    expect(inactive.map((p) => p.property_id)).toEqual(["gone"]);
    expect(await listAll(key, workspaceId, { roster_status: "present", limit: "10" })).toHaveLength(25);
    expect(await listAll(key, workspaceId, { roster_status: "unconfirmed" })).toEqual([]);
  });

  it("sorts ids in byte order, not by locale or case", async () => {
    const ordered = await provision(key, "bytes");
    const ids = ["b", "B", "a", "Z", "é", "~", "a b", "a/b", "10", "9", "🏠"];
    await pushAndWait(key, ordered, snapshot(ids.map((id) => item(id))));
    const expected = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect((await listAll(key, ordered, { limit: "3" })).map((p) => p.property_id)).toEqual(expected);
  });

  it.each([
    ["limit", "0"],
    ["limit", "501"],
    ["limit", "ten"],
    ["limit", "2.5"],
    ["roster_status", "deleted"],
    // Sent empty, an optional parameter is refused by name, never reported as a missing required one.
    ["limit", ""],
    ["roster_status", ""],
    ["cursor", ""],
  ])("refuses %s=%s with 400 invalid_request naming it", async (parameter, value) => {
    expect(expectError(await page(workspaceId, { [parameter]: value }), 400, "invalid_request").detail).toEqual({ parameter });
  });

  it("accepts limit 1 and 500", async () => {
    expect(((await page(workspaceId, { limit: "1" })).body.properties as unknown[]).length).toBe(1);
    expect(((await page(workspaceId, { limit: "500" })).body.properties as unknown[]).length).toBe(26);
  });

  it("refuses a tampered cursor, a made-up one, and one issued for another filter or workspace", async () => {
    const first = await page(workspaceId, { limit: "5" });
    const cursor = first.body.next_cursor as string;
    const [payload, signature] = cursor.split(".");
    const forged = Buffer.from(
      JSON.stringify({ s: JSON.parse(Buffer.from(payload!, "base64url").toString()).s, p: "p00020" }),
    ).toString("base64url");
    const other = await provision(key, "other-cursor");
    await pushAndWait(key, other, snapshot(items(3)));
    const answers = [
      await page(workspaceId, { cursor: `${forged}.${signature}` }),
      await page(workspaceId, { cursor: "not-a-cursor" }),
      await page(workspaceId, { cursor: `${cursor}x` }),
      await page(workspaceId, { cursor, roster_status: "present" }),
      await page(other, { cursor }),
    ];
    for (const answer of answers) {
      expect(expectError(answer, 400, "invalid_request").detail).toEqual({ parameter: "cursor" });
    }
  });

  it("needs workspace_id, and answers 404 for an unknown or another partner's workspace", async () => {
    expect(expectError(await call("GET", "/v1/properties", { key }), 400, "missing_parameter").detail).toEqual({
      parameter: "workspace_id",
    });
    expectError(await page("nobody-has-this"), 404, "workspace_not_provisioned");
    const stranger = await createTestPartner();
    const theirs = await call("GET", "/v1/properties", { key: stranger.apiKey, query: { workspace_id: workspaceId } });
    expectError(theirs, 404, "workspace_not_provisioned");
  });

  it("keeps pages stable while an import lands mid-walk: nothing held throughout is repeated or skipped", async () => {
    const walking = await provision(key, "mid-walk");
    const initial = items(40, "m");
    await pushAndWait(key, walking, snapshot(initial));
    const seen: string[] = [];
    let cursor: string | undefined;
    let landed = false;
    do {
      const answer = await page(walking, { limit: "10", cursor });
      seen.push(...(answer.body.properties as { property_id: string }[]).map((p) => p.property_id));
      cursor = answer.body.next_cursor as string | undefined;
      if (!landed) {
        // Renames some, adds new ids before and after the cursor, deactivates none.
        const changed = initial.map((p, i) => (i % 3 === 0 ? { ...p, name: "Renamed" } : p));
        await pushAndWait(key, walking, snapshot([...changed, item("a-before"), item("z-after")]));
        landed = true;
      }
    } while (cursor);
    const initialIds = initial.map((p) => p.property_id as string);
    for (const id of initialIds) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(seen).toContain("z-after");
    expect(seen).not.toContain("a-before");
  });

  it("reads a page and its roster_revision in one snapshot, while imports keep landing", { timeout: 60_000 }, async () => {
    const busy = await provision(key, "busy");
    const roster = items(20, "b");
    await pushAndWait(key, busy, snapshot(roster));
    let importing = true;
    const imports = (async () => {
      try {
        for (let i = 0; i < 12; i++) await pushAndWait(key, busy, snapshot(roster.map((p) => ({ ...p, name: `Round ${i}` }))));
      } finally {
        importing = false;
      }
    })();
    // Every applied import sees every property, so in one snapshot each one's last_seen_revision is the page's revision.
    const mismatches: string[] = [];
    let reads = 0;
    while (importing) {
      const answer = await page(busy, { limit: "20" });
      reads += 1;
      const revision = answer.body.roster_revision as number;
      for (const property of answer.body.properties as { property_id: string; last_seen_revision: number }[]) {
        if (property.last_seen_revision !== revision)
          mismatches.push(`${property.property_id}@${property.last_seen_revision} on revision ${revision}`);
      }
      // Under the general rate limit the test app runs with, shared with the imports' polling.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await imports;
    expect(mismatches).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect((await page(busy)).body.roster_revision).toBe(13);
  });
});
