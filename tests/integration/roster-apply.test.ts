import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { createTestPartner } from "../fixtures/partners";
import {
  address,
  item,
  items,
  listAll,
  provision,
  push,
  pushAndWait,
  readWorkspace,
  snapshot,
  waitForActivation,
  waitForRun,
} from "../fixtures/roster";

let key: string;
beforeAll(async () => {
  key = (await createTestPartner()).apiKey;
});

const byId = (properties: Record<string, unknown>[]) =>
  Object.fromEntries(properties.map((property) => [property.property_id as string, property]));

describe("applying a roster", () => {
  it("applies the first roster, activates it and puts the account into service", async () => {
    // Within the 48 hours that keep a roster fresh, whenever the suite runs.
    const observedAt = new Date(Date.now() - 60 * 60 * 1000);
    observedAt.setUTCMilliseconds(0);
    const workspaceId = await provision(key, "first");
    const before = await readWorkspace(key, workspaceId);
    expect(before.service).toEqual({ state: "pending_setup", recording_enabled: false });

    const run = await pushAndWait(
      key,
      workspaceId,
      snapshot(
        [
          item("a"),
          item("b", { address: undefined, address_unavailable_reason: "New build" }),
          item("c", { status: "inactive" }),
        ],
        {
          observed_at: observedAt.toISOString().replace(".000Z", "Z"),
        },
      ),
    );
    expect(run).toMatchObject({
      status: "applied",
      base_revision: 0,
      result_revision: 1,
      diff: { created: 3, updated: 0, deactivated: 0, reactivated: 0 },
    });
    expect(run.applied_at).toEqual(expect.any(String));
    expect(run.error).toBeUndefined();

    const workspace = await waitForActivation(key, workspaceId);
    expect(workspace.roster).toMatchObject({
      revision: 1,
      state: "fresh",
      observed_at: observedAt.toISOString(),
      last_source: "push",
      present_count: 2,
      inactive_count: 1,
      unconfirmed_count: 0,
      missing_address_count: 1,
      billing_active_count: 2,
    });
    expect(workspace.service).toEqual({ state: "enabled", recording_enabled: true });
    expect(workspace.roster!.roster_confirmed_at).toBe(run.applied_at);

    const properties = byId(await listAll(key, workspaceId));
    expect(properties.a).toMatchObject({
      roster_status: "present",
      billing_active: true,
      address_status: "ok",
      address: address(),
      last_seen_revision: 1,
    });
    expect(properties.b).toMatchObject({ roster_status: "present", address_status: "missing" });
    expect(properties.b!.address).toBeUndefined();
    expect(properties.c).toMatchObject({ roster_status: "inactive", billing_active: false });
    expect(properties.a!.setup).toEqual({
      checklist: { items: 0 },
      tour: { state: "none" },
      baseline_photos: { count: 0, state: "none" },
    });
  });

  it("deactivates, reactivates and updates as the state tables say, deleting nothing", async () => {
    const workspaceId = await provision(key, "transitions");
    await pushAndWait(
      key,
      workspaceId,
      snapshot([item("keep"), item("drop"), item("off"), item("back", { status: "inactive" }), item("edit")]),
    );
    const before = byId(await listAll(key, workspaceId));

    const run = await pushAndWait(
      key,
      workspaceId,
      snapshot([item("keep"), item("off", { status: "inactive" }), item("back"), item("edit", { name: "Renamed" }), item("new")]),
    );
    expect(run).toMatchObject({
      status: "applied",
      base_revision: 1,
      result_revision: 2,
      diff: { created: 1, updated: 1, deactivated: 2, reactivated: 1 },
    });
    await waitForActivation(key, workspaceId);
    const after = byId(await listAll(key, workspaceId));
    expect(Object.keys(after).sort()).toEqual(["back", "drop", "edit", "keep", "new", "off"]);
    expect(after.drop).toMatchObject({ roster_status: "inactive", billing_active: false, last_seen_revision: 1 });
    expect(after.off).toMatchObject({ roster_status: "inactive", billing_active: false, last_seen_revision: 2 });
    expect(after.back).toMatchObject({ roster_status: "present", billing_active: true });
    expect(after.edit).toMatchObject({ name: "Renamed", roster_status: "present" });
    expect(after.keep!.service_property_id).toBe(before.keep!.service_property_id);
    expect((await readWorkspace(key, workspaceId)).roster).toMatchObject({ present_count: 4, inactive_count: 2 });
  });

  it("counts nothing as updated when the same roster is applied again", async () => {
    const workspaceId = await provision(key, "same");
    const properties = items(5);
    await pushAndWait(key, workspaceId, snapshot(properties));
    const run = await pushAndWait(key, workspaceId, snapshot(properties));
    expect(run.diff).toEqual({ created: 0, updated: 0, deactivated: 0, reactivated: 0 });
  });

  it("reads stale once observed_at is older than 48 hours, and a stale roster still applies", async () => {
    const workspaceId = await provision(key, "stale");
    const threeDaysAgo = new Date(Date.now() - 72 * 3600 * 1000).toISOString();
    const run = await pushAndWait(key, workspaceId, snapshot([item("a")], { observed_at: threeDaysAgo }));
    expect(run.status).toBe("applied");
    expect((await readWorkspace(key, workspaceId)).roster!.state).toBe("stale");
  });
});

describe("runs that are rejected leave the roster as it was", () => {
  async function rosterOf(workspaceId: string) {
    return { workspace: (await readWorkspace(key, workspaceId)).roster, properties: await listAll(key, workspaceId) };
  }

  it("rejects an empty roster without allow_empty, and applies one with it", async () => {
    const workspaceId = await provision(key, "empty");
    await pushAndWait(key, workspaceId, snapshot([item("a")]));
    await waitForActivation(key, workspaceId);
    const before = await rosterOf(workspaceId);
    const run = await pushAndWait(key, workspaceId, snapshot([]));
    expect(run).toMatchObject({ status: "rejected", error: { code: "roster_empty_not_allowed" } });
    expect(run.diff).toBeUndefined();
    expect(run.result_revision).toBeUndefined();
    expect(await rosterOf(workspaceId)).toEqual(before);

    const fresh = await provision(key, "empty-allowed");
    const allowed = await pushAndWait(key, fresh, snapshot([], { allow_empty: true }));
    expect(allowed).toMatchObject({ status: "applied", result_revision: 1 });
  });

  it("rejects deactivating more than half of the present properties until the count is acknowledged", async () => {
    const workspaceId = await provision(key, "half");
    const ten = items(10);
    await pushAndWait(key, workspaceId, snapshot(ten));
    await waitForActivation(key, workspaceId);
    const before = await rosterOf(workspaceId);

    const four = ten.slice(0, 4);
    const rejected = await pushAndWait(key, workspaceId, snapshot(four));
    expect(rejected).toMatchObject({
      status: "rejected",
      error: { code: "roster_confirmation_required", detail: { deactivate_count: 6, present_count: 10 } },
    });
    expect(await rosterOf(workspaceId)).toEqual(before);

    const wrongCount = await pushAndWait(key, workspaceId, snapshot(four, { acknowledge_inactive_count: 5 }));
    expect(wrongCount).toMatchObject({ status: "rejected", error: { code: "roster_confirmation_required" } });

    const acknowledged = await pushAndWait(key, workspaceId, snapshot(four, { acknowledge_inactive_count: 6 }));
    expect(acknowledged).toMatchObject({ status: "applied", diff: { deactivated: 6 } });
  });

  it("lets exactly half go without acknowledgement, counting listed-inactive ones too", async () => {
    const workspaceId = await provision(key, "exactly-half");
    const ten = items(10);
    await pushAndWait(key, workspaceId, snapshot(ten));
    const half = [...ten.slice(0, 7), ...ten.slice(7, 9).map((p) => ({ ...p, status: "inactive" }))];
    const run = await pushAndWait(key, workspaceId, snapshot(half.slice(0, 5).concat(half.slice(7))));
    expect(run).toMatchObject({ status: "applied", diff: { deactivated: 5 } });
  });

  it("applies one of two runs built on the same revision; the other ends roster_revision_conflict", async () => {
    const workspaceId = await provision(key, "race");
    const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId } });
    // Hold the workspace's row lock so that both runs are queued on revision 0 before either applies.
    const holder = new pg.Client({ connectionString: inject("databaseUrl") });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM workspace WHERE id = $1 FOR NO KEY UPDATE", [workspace.id]);
      const one = await push(key, workspaceId, snapshot([item("one")]), randomUUID());
      const two = await push(key, workspaceId, snapshot([item("two")]), randomUUID());
      expect([one.body.base_revision, two.body.base_revision]).toEqual([0, 0]);
      await holder.query("COMMIT");
      const runs = await Promise.all([
        waitForRun(key, workspaceId, one.body.import_id as string),
        waitForRun(key, workspaceId, two.body.import_id as string),
      ]);
      expect(runs.map((run) => run.status).sort()).toEqual(["applied", "rejected"]);
      const rejected = runs.find((run) => run.status === "rejected")!;
      expect(rejected.error).toEqual({ code: "roster_revision_conflict", detail: { base_revision: 0, current_revision: 1 } });
      expect((await readWorkspace(key, workspaceId)).roster!.revision).toBe(1);
    } finally {
      await holder.end();
    }
  });
});
