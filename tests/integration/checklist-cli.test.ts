import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveChecklist } from "../../lib/checklists/resolve-checklist";
import { db } from "../../lib/db/client";
import { call, segment } from "../support/api";
import { runAdmin, runAdminJson } from "../support/cli";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { item, provision, pushAndWait, snapshot } from "../fixtures/roster";

const admin = (...args: string[]) => runAdmin(args);
const adminJson = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args);

async function expectFailure(args: string[], code: 1 | 2, message: RegExp): Promise<void> {
  const run = await admin(...args);
  expect({ code: run.code, stdout: run.stdout }, `admin ${args.join(" ")}: ${run.stderr}`).toEqual({ code, stdout: "" });
  expect(run.stderr).toMatch(message);
}

type Entry = { id: string; name: string; notes?: string };
type Shown = { partner_id: string; workspace_id: string; checklists: { type: string; items: Entry[]; updated_at: string }[] };

let partner: TestPartner;
let workspaceId: string;
let dir: string;
let target: string[];

beforeAll(async () => {
  partner = await createTestPartner();
  workspaceId = await provision(partner.apiKey, "checklist-cli");
  await pushAndWait(partner.apiKey, workspaceId, snapshot([item("home")]));
  dir = await mkdtemp(path.join(tmpdir(), "checklist-cli-"));
  target = ["--partner", partner.partnerId, "--workspace", workspaceId];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: unknown): Promise<string> {
  const full = path.join(dir, name);
  await writeFile(full, typeof content === "string" ? content : JSON.stringify(content));
  return full;
}

async function homeId(): Promise<string> {
  const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
  return (
    await db().property.findUniqueOrThrow({
      where: { workspaceId_externalId: { workspaceId: workspace.id, externalId: "home" } },
    })
  ).id;
}

describe("admin checklist set-company / show-company / clear-company", () => {
  it("sets a company-wide list from {items} or a bare array, shows it, and homes without their own use it", async () => {
    const items = await file("items.json", {
      items: [{ name: "  Kitchen: counters ", notes: "Blue cloth" }, { name: "Beds 1–2" }],
    });
    const set = await adminJson<Record<string, unknown> & { items: Entry[] }>(
      "checklist",
      "set-company",
      ...target,
      "--type",
      "inspection",
      "--file",
      items,
    );
    expect(set).toMatchObject({ partner_id: partner.partnerId, workspace_id: workspaceId, type: "inspection" });
    expect(set.items.map(({ name, notes }) => ({ name, notes }))).toEqual([
      { name: "Kitchen: counters", notes: "Blue cloth" },
      { name: "Beds 1–2", notes: undefined },
    ]);

    const resolved = await resolveChecklist(await homeId(), "inspection");
    expect(resolved).toMatchObject({ source: "company", items: set.items });
    // The partner API still shows only the home's own list.
    const own = await call("GET", `/v1/properties/${segment("home")}/checklist`, {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, type: "inspection" },
    });
    expect(own.body.items).toEqual([]);

    const bare = await file("bare.json", [{ name: "Hall" }]);
    await adminJson("checklist", "set-company", ...target, "--type", "housekeeping", "--file", bare);
    const shown = await adminJson<Shown>("checklist", "show-company", ...target);
    expect(shown.checklists.map((list) => [list.type, list.items.map((i) => i.name)])).toEqual([
      ["housekeeping", ["Hall"]],
      ["inspection", ["Kitchen: counters", "Beds 1–2"]],
    ]);
    const one = await adminJson<Shown>("checklist", "show-company", ...target, "--type", "inspection");
    expect(one.checklists).toEqual([{ type: "inspection", items: set.items, updated_at: set.updated_at }]);

    const human = await admin("checklist", "show-company", ...target, "--type", "inspection");
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`Company-wide inspection checklist of workspace "${workspaceId}" (2 items`);
    expect(human.stdout).toMatch(/1\. Kitchen: counters\n\s+Blue cloth\n\s+2\. Beds 1–2/);
  });

  it("clears a list idempotently; the home then has none of that type", async () => {
    const items = await file("maintenance.json", { items: [{ name: "Boiler" }] });
    await adminJson("checklist", "set-company", ...target, "--type", "maintenance", "--file", items);
    expect(await adminJson("checklist", "clear-company", ...target, "--type", "maintenance")).toEqual({
      partner_id: partner.partnerId,
      workspace_id: workspaceId,
      type: "maintenance",
      removed: true,
    });
    expect(await adminJson("checklist", "clear-company", ...target, "--type", "maintenance")).toMatchObject({ removed: false });
    expect((await resolveChecklist(await homeId(), "maintenance")).source).toBe("none");
    expect(await adminJson<Shown>("checklist", "show-company", ...target, "--type", "maintenance")).toMatchObject({
      checklists: [],
    });
    const human = await admin("checklist", "show-company", ...target, "--type", "maintenance");
    expect(human.stdout).toContain("has no company-wide maintenance checklist");
  });

  it("refuses a file the API would refuse, naming the item, and changes nothing (exit 2)", async () => {
    const before = await adminJson<Shown>("checklist", "show-company", ...target, "--type", "housekeeping");
    const cases: [unknown, RegExp][] = [
      [{ items: [] }, /holds no items; to remove the list, use checklist clear-company/],
      [[], /holds no items/],
      [{ items: [{ name: "Hall — sweep" }] }, /items\[0\]\.name: .*colon/],
      [{ items: [{ name: "ok" }, { name: "x".repeat(121) }] }, /items\[1\]\.name: must be at most 120 characters/],
      [{ items: [{ name: "ok", colour: "red" }] }, /Unknown field items\[0\]\.colour/],
      [{ items: [{ name: " " }] }, /items\[0\]\.name is required/],
      [{ list: [] }, /items is required/],
      [{ items: Array.from({ length: 51 }, (_, i) => ({ name: `Item ${i}` })) }, /at most 50 items/],
      ["{not json", /is not valid JSON/],
    ];
    const files = await Promise.all(cases.map(([content], index) => file(`bad-${index}.json`, content)));
    files.push(path.join(dir, "missing.json"));
    cases.push([undefined, /Cannot read --file .*ENOENT/]);
    await Promise.all(
      files.map((bad, index) =>
        expectFailure(["checklist", "set-company", ...target, "--type", "housekeeping", "--file", bad], 2, cases[index]![1]),
      ),
    );
    expect(await adminJson<Shown>("checklist", "show-company", ...target, "--type", "housekeeping")).toEqual(before);
  });

  it("refuses a bad type, a missing option, an unknown partner or workspace", async () => {
    const items = await file("ok.json", [{ name: "Hall" }]);
    const unknown = randomUUID();
    // Another partner's workspace id is not this partner's.
    const stranger = await createTestPartner();
    await Promise.all([
      expectFailure(
        ["checklist", "set-company", ...target, "--type", "cleaning", "--file", items],
        2,
        /--type must be one of housekeeping, inspection, maintenance/,
      ),
      expectFailure(["checklist", "set-company", ...target, "--file", items], 2, /Missing --type[\s\S]*Usage:/),
      expectFailure(
        ["checklist", "clear-company", "--partner", partner.partnerId, "--type", "inspection"],
        2,
        /Missing --workspace/,
      ),
      expectFailure(
        ["checklist", "show-company", "--partner", "nope", "--workspace", workspaceId],
        2,
        /--partner must be a partner id/,
      ),
      expectFailure(
        ["checklist", "show-company", "--partner", unknown, "--workspace", workspaceId],
        1,
        new RegExp(`No partner ${unknown}`),
      ),
      expectFailure(
        [
          "checklist",
          "set-company",
          "--partner",
          partner.partnerId,
          "--workspace",
          "no-such",
          "--type",
          "housekeeping",
          "--file",
          items,
        ],
        1,
        /No workspace "no-such" for partner/,
      ),
      expectFailure(
        ["checklist", "show-company", "--partner", stranger.partnerId, "--workspace", workspaceId],
        1,
        /No workspace/,
      ),
    ]);
  });

  it("is listed in the usage", async () => {
    const help = await admin("--help");
    for (const name of ["checklist set-company", "checklist clear-company", "checklist show-company"])
      expect(help.stdout).toContain(name);
  });
});
