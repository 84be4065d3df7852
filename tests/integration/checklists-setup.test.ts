import { beforeAll, describe, expect, it } from "vitest";
import { clearCompanyChecklist } from "../../lib/checklists/clear-company-checklist";
import { resolveChecklist } from "../../lib/checklists/resolve-checklist";
import { setCompanyChecklist } from "../../lib/checklists/set-company-checklist";
import { db } from "../../lib/db/client";
import { call, segment } from "../support/api";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { item, listAll, provision, pushAndWait, snapshot } from "../fixtures/roster";

type Entry = { id: string; name: string; notes?: string };
type Checklist = { items: Entry[]; updated_at?: string };

let partner: TestPartner;
let key: string;

beforeAll(async () => {
  partner = await createTestPartner();
  key = partner.apiKey;
});

const checklistPath = (propertyId: string) => `/v1/properties/${segment(propertyId)}/checklist`;
const send = (method: string, workspaceId: string, propertyId: string, type?: string, body?: unknown) =>
  call<Checklist>(method, checklistPath(propertyId), { key, query: { workspace_id: workspaceId, type }, body });
const names = (count: number, prefix = "Item") => ({
  items: Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i + 1}` })),
});

async function workspaceWith(label: string, propertyIds: string[]) {
  const workspaceId = await provision(key, label);
  await pushAndWait(key, workspaceId, snapshot(propertyIds.map((id) => item(id))));
  const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
  const property = async (externalId: string) =>
    db().property.findUniqueOrThrow({ where: { workspaceId_externalId: { workspaceId: workspace.id, externalId } } });
  return { workspaceId, workspace, property };
}

async function setupCounts(workspaceId: string, query: Record<string, string> = {}) {
  const properties = await listAll(key, workspaceId, query);
  return Object.fromEntries(
    properties.map((p) => [p.property_id as string, (p.setup as { checklist: { items: number } }).checklist.items]),
  );
}

describe("setup.checklist.items on GET /v1/properties", () => {
  it("counts the home's own housekeeping items only: 0 without one, inspection and maintenance never counted", async () => {
    const { workspaceId, workspace } = await workspaceWith("setup-count", ["h1", "h2", "h3", "h4"]);
    expect(await setupCounts(workspaceId)).toEqual({ h1: 0, h2: 0, h3: 0, h4: 0 });

    await send("PUT", workspaceId, "h1", undefined, names(3));
    await send("PUT", workspaceId, "h1", "inspection", names(7));
    await send("PUT", workspaceId, "h2", "housekeeping", names(50));
    await send("PUT", workspaceId, "h3", "maintenance", names(4));
    await send("PUT", workspaceId, "h3", "inspection", names(2));
    expect(await setupCounts(workspaceId)).toEqual({ h1: 3, h2: 50, h3: 0, h4: 0 });

    // A replace updates the count; a DELETE brings it back to 0; a company-wide list is not the home's own.
    await send("PUT", workspaceId, "h1", undefined, names(1));
    await send("DELETE", workspaceId, "h2");
    await setCompanyChecklist(workspace, "housekeeping", names(9).items);
    expect(await setupCounts(workspaceId)).toEqual({ h1: 1, h2: 0, h3: 0, h4: 0 });
  });

  it("holds on every page of a paginated walk and under a roster_status filter", async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `p${i}`);
    const { workspaceId } = await workspaceWith("setup-pages", ids);
    for (const [i, id] of ids.entries()) if (i % 2 === 0) await send("PUT", workspaceId, id, undefined, names(i + 1));
    const expected = Object.fromEntries(ids.map((id, i) => [id, i % 2 === 0 ? i + 1 : 0]));
    expect(await setupCounts(workspaceId, { limit: "2" })).toEqual(expected);
    expect(await setupCounts(workspaceId, { limit: "3", roster_status: "present" })).toEqual(expected);
  });
});

describe("company-wide checklists and resolveChecklist", () => {
  it("applies the home's own list, else the company-wide one of that type, else none", async () => {
    const { workspaceId, workspace, property } = await workspaceWith("resolve", ["home", "other"]);
    const home = await property("home");
    expect(await resolveChecklist(home, "housekeeping")).toEqual({
      source: "none",
      type: "housekeeping",
      items: [],
      itemCount: 0,
    });

    const company = await setCompanyChecklist(workspace, "housekeeping", [
      { name: "Company 1", notes: "n" },
      { name: "Company 2" },
    ]);
    const fromCompany = await resolveChecklist(home.id, "housekeeping");
    expect(fromCompany).toEqual({ source: "company", type: "housekeeping", ...company });
    expect(fromCompany.items.map((i) => i.name)).toEqual(["Company 1", "Company 2"]);

    // GET on the home still shows only the home's own list.
    expect((await send("GET", workspaceId, "home")).body.items).toEqual([]);

    const own = (await send("PUT", workspaceId, "home", undefined, names(2, "Own"))).body;
    const fromHome = await resolveChecklist(home, "housekeeping");
    expect(fromHome.source).toBe("property");
    expect(fromHome.items).toEqual(own.items);
    expect(fromHome.source !== "none" && fromHome.updatedAt.toISOString()).toBe(own.updated_at);
    // The other home of the workspace still gets the company-wide list.
    expect((await resolveChecklist(await property("other"), "housekeeping")).source).toBe("company");

    // DELETE: the home reverts to the company-wide list.
    await send("DELETE", workspaceId, "home");
    expect(await resolveChecklist(home, "housekeeping")).toEqual({ source: "company", type: "housekeeping", ...company });

    // Staff remove the company-wide list: none applies.
    expect(await clearCompanyChecklist(workspace, "housekeeping")).toBe(true);
    expect(await clearCompanyChecklist(workspace, "housekeeping")).toBe(false);
    expect((await resolveChecklist(home, "housekeeping")).source).toBe("none");
  });

  it("resolves each type on its own, and never from another workspace's company-wide list", async () => {
    const { workspaceId, workspace, property } = await workspaceWith("resolve-types", ["home"]);
    const elsewhere = await workspaceWith("resolve-elsewhere", ["home"]);
    const home = await property("home");
    await setCompanyChecklist(workspace, "inspection", [{ name: "Company inspection" }]);
    await setCompanyChecklist(elsewhere.workspace, "maintenance", [{ name: "Not ours" }]);
    await send("PUT", workspaceId, "home", "maintenance", names(1, "Own maintenance"));

    const resolved = async (type: "housekeeping" | "inspection" | "maintenance") => {
      const list = await resolveChecklist(home, type);
      return [list.source, list.items.map((i) => i.name)];
    };
    expect(await resolved("housekeeping")).toEqual(["none", []]);
    expect(await resolved("inspection")).toEqual(["company", ["Company inspection"]]);
    expect(await resolved("maintenance")).toEqual(["property", ["Own maintenance 1"]]);
    expect((await resolveChecklist(await elsewhere.property("home"), "inspection")).source).toBe("none");
  });

  it("replaces a company-wide list whole, with new ids and a later updated_at", async () => {
    const { workspace } = await workspaceWith("company-replace", ["home"]);
    const first = await setCompanyChecklist(workspace, "housekeeping", [{ name: "A" }, { name: "B" }]);
    const second = await setCompanyChecklist(workspace, "housekeeping", [{ name: "A" }, { name: "B" }, { name: "C" }]);
    expect(second.items.map((i) => i.name)).toEqual(["A", "B", "C"]);
    expect(second.items.some((i) => first.items.some((f) => f.id === i.id))).toBe(false);
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    expect(await db().companyChecklist.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });
});
