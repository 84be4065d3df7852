import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { hashApiKey } from "../../lib/partners/api-key-secret";
import { call, expectError } from "../support/api";
import { type CliRun, expectJsonLine, runAdmin, runAdminJson, spawnAdmin } from "../support/cli";

const admin = (...args: string[]) => runAdmin(args);
const adminJson = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args);

async function expectFailure(args: string[], code: 1 | 2, message: RegExp): Promise<CliRun> {
  const run = await admin(...args);
  expect({ code: run.code, stdout: run.stdout }, `admin ${args.join(" ")}: ${run.stderr}`).toEqual({ code, stdout: "" });
  expect(run.stderr).toMatch(message);
  return run;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keyPattern = /^service_pk_[A-Za-z0-9_-]{43}$/;

interface Created {
  partner_id: string;
  key_id: string;
  api_key: string;
}

const createPartner = (name = `CLI partner ${randomUUID().slice(0, 8)}`) =>
  adminJson<Created>("partner", "create", "--name", name);
const readWorkspace = (key: string) => call("GET", "/v1/workspaces/x", { key });

describe("admin partner", () => {
  it("creates a partner whose key works at once, showing the key only in the command's own output", async () => {
    const created = await createPartner();
    expect(Object.keys(created).sort()).toEqual(["api_key", "key_id", "partner_id"]);
    expect(created.partner_id).toMatch(uuid);
    expect(created.key_id).toMatch(uuid);
    expect(created.api_key).toMatch(keyPattern);
    expectError(await readWorkspace(created.api_key), 404, "workspace_not_provisioned");

    const human = await admin("partner", "create", "--name", "  Human output  ");
    expect(human.code).toBe(0);
    const shown = /service_pk_[A-Za-z0-9_-]{43}/.exec(human.stdout)?.[0];
    expect(shown).toBeDefined();
    expect(human.stdout).toContain("(Human output)");
    expect(human.stderr).not.toContain("service_pk_");
    expect(await db().partner.count({ where: { name: "Human output" } })).toBeGreaterThan(0);
  });

  it("lists partners with status, cap, active keys and workspaces", async () => {
    const created = await createPartner("Listed partner");
    expect((await call("POST", "/v1/workspaces", { key: created.api_key, body: { workspace_id: "w1", name: "W" } })).status).toBe(
      201,
    );
    await adminJson("key", "create", "--partner", created.partner_id);

    const { partners } = await adminJson<{ partners: Record<string, unknown>[] }>("partner", "list");
    const mine = partners.find((p) => p.partner_id === created.partner_id);
    expect(mine).toEqual({
      partner_id: created.partner_id,
      name: "Listed partner",
      status: "active",
      roster_max: 10000,
      active_keys: 2,
      workspaces: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const human = await admin("partner", "list");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`${created.partner_id}\\s+active\\s+10000\\s+2\\s+1\\s`));
  });

  it("pauses and resumes a partner, and the running API follows at once", async () => {
    const created = await createPartner();
    expect(await adminJson("partner", "pause", "--partner", created.partner_id)).toEqual({
      partner_id: created.partner_id,
      status: "paused",
    });
    expectError(await readWorkspace(created.api_key), 403, "partner_disabled");
    // Pausing twice is not an error: the partner is paused either way.
    expect(await adminJson("partner", "pause", "--partner", created.partner_id)).toMatchObject({ status: "paused" });

    expect(await adminJson("partner", "resume", "--partner", created.partner_id)).toEqual({
      partner_id: created.partner_id,
      status: "active",
    });
    expectError(await readWorkspace(created.api_key), 404, "workspace_not_provisioned");
  });

  it("sets the roster cap, and refuses anything but a positive whole number without changing it", async () => {
    const created = await createPartner();
    expect(await adminJson("partner", "set", "--partner", created.partner_id, "--roster-max", "25000")).toEqual({
      partner_id: created.partner_id,
      roster_max: 25000,
    });
    const bad = ["0", "-5", "1.5", "abc", "1e5", "", "2147483648"];
    const runs = await Promise.all(
      bad.map((value) => admin("partner", "set", "--partner", created.partner_id, `--roster-max=${value}`)),
    );
    for (const [index, run] of runs.entries()) {
      expect({ value: bad[index], code: run.code, stdout: run.stdout }).toEqual({ value: bad[index], code: 2, stdout: "" });
      expect(run.stderr).toMatch(/--roster-max must/);
    }
    await expectFailure(["partner", "set", "--partner", created.partner_id], 2, /Missing --roster-max[\s\S]*Usage:/);
    const row = await db().partner.findUniqueOrThrow({ where: { id: created.partner_id } });
    expect(row.rosterMax).toBe(25000);
  });

  it("refuses a malformed or unknown partner id with a clear message and changes nothing", async () => {
    await expectFailure(["partner", "pause", "--partner", "not-a-uuid"], 2, /--partner must be a partner id \(a UUID\)/);
    const unknown = randomUUID();
    await expectFailure(["partner", "pause", "--partner", unknown], 1, new RegExp(`No partner ${unknown}`));
    await expectFailure(["partner", "set", "--partner", unknown, "--roster-max", "5"], 1, /No partner/);
    await expectFailure(["key", "create", "--partner", unknown], 1, /No partner/);
    await expectFailure(["key", "list", "--partner", unknown], 1, /No partner/);
    await expectFailure(["allowlist", "list", "--partner", unknown], 1, /No partner/);
    await expectFailure(["allowlist", "add", "--partner", unknown, "--entry", "myapp://"], 1, /No partner/);
    expect(await db().partner.count({ where: { id: unknown } })).toBe(0);
    expect(await db().allowlistEntry.count({ where: { partnerId: unknown } })).toBe(0);
  });
});

describe("admin key", () => {
  it("issues a second key with scopes, refuses a third until one is revoked", async () => {
    const created = await createPartner();
    const second = await adminJson<{ key_id: string; api_key: string }>(
      "key",
      "create",
      "--partner",
      created.partner_id,
      "--scopes",
      "read:workspaces, read:inspections,read:workspaces",
    );
    expect(Object.keys(second).sort()).toEqual(["api_key", "key_id"]);
    expect(second.api_key).toMatch(keyPattern);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: second.key_id } });
    expect(row.scopes).toEqual(["read:inspections", "read:workspaces"]);
    expectError(await readWorkspace(second.api_key), 404, "workspace_not_provisioned");

    const third = await expectFailure(["key", "create", "--partner", created.partner_id, "--json"], 1, /revoke one/);
    expect(third.stderr.trim().split("\n")).toHaveLength(1);
    expect(await db().apiKey.count({ where: { partnerId: created.partner_id } })).toBe(2);

    await adminJson("key", "revoke", "--key", created.key_id);
    expect(await adminJson("key", "create", "--partner", created.partner_id)).toMatchObject({
      key_id: expect.stringMatching(uuid),
    });
  });

  it("refuses an unknown or empty scope, naming the valid ones", async () => {
    const created = await createPartner();
    await expectFailure(
      ["key", "create", "--partner", created.partner_id, "--scopes", "read:inspections,write:everything"],
      2,
      /Unknown scope "write:everything"; valid scopes: read:inspections, read:workspaces, read:reservations/,
    );
    await expectFailure(["key", "create", "--partner", created.partner_id, "--scopes", ","], 2, /at least one of/);
    expect(await db().apiKey.count({ where: { partnerId: created.partner_id } })).toBe(1);
  });

  it("refuses a key name longer than the console allows, and issues nothing", async () => {
    const created = await createPartner();
    await expectFailure(
      ["key", "create", "--partner", created.partner_id, "--name", "x".repeat(61)],
      2,
      /--name must be at most 60/,
    );
    expect(await db().apiKey.count({ where: { partnerId: created.partner_id } })).toBe(1);
  });

  it("lists keys with hint, status, scopes and times, never the secret or its hash", async () => {
    const created = await createPartner();
    const second = await adminJson<{ key_id: string; api_key: string }>(
      "key",
      "create",
      "--partner",
      created.partner_id,
      "--name",
      "  Production server ",
    );
    await readWorkspace(second.api_key);
    // The API records a key's use without making the request wait for it.
    await expect
      .poll(async () => (await db().apiKey.findUniqueOrThrow({ where: { id: second.key_id } })).lastUsedAt)
      .not.toBeNull();
    await adminJson("key", "revoke", "--key", created.key_id);

    const run = await admin("key", "list", "--partner", created.partner_id, "--json");
    expect(run.code).toBe(0);
    const { keys } = JSON.parse(run.stdout) as { keys: Record<string, unknown>[] };
    expect(keys.map((key) => key.key_id)).toEqual([second.key_id, created.key_id]);
    const time = expect.stringMatching(/Z$/);
    expect(keys[0]).toEqual({
      key_id: second.key_id,
      hint: `${second.api_key.slice(0, 15)}…`,
      status: "active",
      mode: "live",
      name: "Production server",
      scopes: ["read:inspections"],
      created_at: time,
      last_used_at: time,
    });
    expect(keys[1]).toEqual({
      key_id: created.key_id,
      hint: `${created.api_key.slice(0, 15)}…`,
      status: "revoked",
      mode: "live",
      scopes: ["read:inspections"],
      created_at: time,
      revoked_at: time,
    });

    const human = await admin("key", "list", "--partner", created.partner_id);
    for (const output of [run.stdout + run.stderr, human.stdout + human.stderr]) {
      for (const key of [created.api_key, second.api_key]) {
        expect(output).not.toContain(key.slice(15));
        expect(output).not.toContain(hashApiKey(key).toString("hex"));
        expect(output).not.toContain(hashApiKey(key).toString("base64"));
      }
    }
  });

  it("revokes by key id and by the key itself; the API then answers 403 key_revoked", async () => {
    const created = await createPartner();
    const second = await adminJson<{ key_id: string; api_key: string }>("key", "create", "--partner", created.partner_id);

    expect(await adminJson("key", "revoke", "--key", created.key_id)).toEqual({
      key_id: created.key_id,
      partner_id: created.partner_id,
      status: "revoked",
    });
    expectError(await readWorkspace(created.api_key), 403, "key_revoked");
    expectError(await readWorkspace(second.api_key), 404, "workspace_not_provisioned");

    const bySecret = await admin("key", "revoke", "--key", second.api_key, "--json");
    expect(bySecret.code).toBe(0);
    expect(JSON.parse(bySecret.stdout)).toEqual({ key_id: second.key_id, partner_id: created.partner_id, status: "revoked" });
    expect(bySecret.stdout + bySecret.stderr).not.toContain(second.api_key);
    expectError(await readWorkspace(second.api_key), 403, "key_revoked");

    // Revoking again is harmless: the key stays revoked.
    expect(await adminJson("key", "revoke", "--key", created.key_id)).toMatchObject({ status: "revoked" });
  });

  it("refuses an unknown key, and a malformed one without echoing it", async () => {
    await expectFailure(["key", "revoke", "--key", randomUUID()], 1, /No such key/);
    const almostKey = "service_pk_tooShortToBeAKeyButStillSecretish";
    const run = await expectFailure(
      ["key", "revoke", "--key", almostKey],
      2,
      /--key must be a key id \(a UUID\) or a whole API key/,
    );
    expect(run.stderr).not.toContain("tooShort");
  });
});

describe("admin allowlist", () => {
  it("normalises entries, keeps one row per entry, lists in byte order, and removes by any spelling", async () => {
    const created = await createPartner();
    const partner = ["--partner", created.partner_id];
    expect(await adminJson("allowlist", "list", ...partner)).toEqual({ partner_id: created.partner_id, entries: [] });

    expect(await adminJson("allowlist", "add", ...partner, "--entry", "HTTPS://App.Example.COM:443/")).toEqual({
      partner_id: created.partner_id,
      entries: ["https://app.example.com"],
    });
    expect(await adminJson("allowlist", "add", ...partner, "--entry", "https://app.example.com")).toEqual({
      partner_id: created.partner_id,
      entries: ["https://app.example.com"],
    });
    await adminJson("allowlist", "add", ...partner, "--entry", "MyApp://");
    await adminJson("allowlist", "add", ...partner, "--entry", "https://app.example.com:8443");
    await adminJson("allowlist", "add", ...partner, "--entry", "http://localhost:3000");
    const expected = ["http://localhost:3000", "https://app.example.com", "https://app.example.com:8443", "myapp://"];
    expect(await adminJson("allowlist", "list", ...partner)).toEqual({ partner_id: created.partner_id, entries: expected });
    expect(await db().allowlistEntry.count({ where: { partnerId: created.partner_id } })).toBe(4);

    const human = await admin("allowlist", "add", ...partner, "--entry", "myapp://");
    expect(human.stdout).toContain("myapp:// was already on the list.");

    expect(await adminJson("allowlist", "remove", ...partner, "--entry", "https://APP.example.com")).toEqual({
      partner_id: created.partner_id,
      entries: ["http://localhost:3000", "https://app.example.com:8443", "myapp://"],
    });
    await expectFailure(["allowlist", "remove", ...partner, "--entry", "https://app.example.com"], 1, /not on the allowlist/);
    expect(await db().allowlistEntry.count({ where: { partnerId: created.partner_id } })).toBe(3);
  });

  it("refuses malformed entries with the reason and stores nothing", async () => {
    const created = await createPartner();
    const cases: [string, RegExp][] = [
      ["https://app.example.com/return", /no path, query or fragment/],
      ["https://*.example.com", /wildcards/],
      ["https://user@app.example.com", /user name or password/],
      ["http://app.example.com", /only for localhost/],
      ["javascript:alert(1)", /not an app's own scheme/],
      ["myapp:/x", /myapp:\/\//],
      ["https://app.example.com:70000", /port/],
    ];
    const runs = await Promise.all(
      cases.map(([entry]) => admin("allowlist", "add", "--partner", created.partner_id, "--entry", entry)),
    );
    for (const [index, run] of runs.entries()) {
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" });
      expect(run.stderr).toMatch(/^Invalid --entry: /);
      expect(run.stderr).toMatch(cases[index]![1]);
    }
    await expectFailure(["allowlist", "add", "--partner", created.partner_id, "--entry="], 2, /--entry must not be empty/);
    expect(await db().allowlistEntry.count({ where: { partnerId: created.partner_id } })).toBe(0);
  });
});

describe("admin demo", () => {
  // Raw C0 (but the lines' own newlines) and C1 controls: what a terminal would act on.
  // eslint-disable-next-line no-control-regex -- finding controls is the point
  const rawControls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

  it("shows anonymous access requests with control characters escaped, never acted on by the terminal", async () => {
    // As a row stored before input was cleaned: the output must not trust what is stored.
    const name = `Ana \u001b]0;pwned\u0007\u001b[2J Silva ${randomUUID().slice(0, 8)}`;
    await db().demoAccessRequest.create({
      data: {
        email: "ana@walkthrough-demo.com",
        name,
        company: "Harbour\r\nHomes\u009b31m",
        onBehalfOf: "\u0008x\u007f",
        message: "line one\nline two\u001b[0m",
      },
    });
    const text = await admin("demo", "access-requests");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).not.toMatch(rawControls);
    expect(text.stdout).toContain("Ana \\u001b]0;pwned\\u0007\\u001b[2J Silva");
    expect(text.stdout).toContain("Harbour\\u000d\\u000aHomes\\u009b31m");

    const json = await admin("demo", "access-requests", "--json");
    expect(json.stdout).not.toMatch(rawControls);
    // Escaped, not lost: the JSON still reads back as what was stored.
    const listed = (JSON.parse(json.stdout) as { access_requests: { name: string; company: string }[] }).access_requests.find(
      (row) => row.name === name,
    );
    expect(listed?.company).toBe("Harbour\r\nHomes\u009b31m");
  });
});

describe("admin usage", () => {
  it("prints usage and exits 2 for no command, an unknown command, a missing or unknown option", async () => {
    const [none, unknown, half, missing, extra, positional] = await Promise.all([
      admin(),
      admin("partner", "delete", "--partner", randomUUID()),
      admin("key"),
      admin("partner", "create"),
      admin("partner", "list", "--colour", "red"),
      admin("allowlist", "list", "stray"),
    ]);
    for (const run of [none, unknown, half, missing, extra, positional]) {
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" });
      expect(run.stderr).toContain("Usage: npm run --silent admin -- ");
    }
    expect(unknown.stderr).toMatch(/^Unknown command "partner delete"/);
    expect(missing.stderr).toMatch(/^Missing --name\./);
    expect(extra.stderr).toMatch(/--colour/);
  });

  it("prints the full usage on stdout for help", async () => {
    const help = await admin("--help");
    expect(help.code).toBe(0);
    for (const name of ["partner create", "partner set", "key revoke", "allowlist remove"]) expect(help.stdout).toContain(name);
  });
});

// The rest of the suite runs commands inside the test process; these start the real entry point
// (scripts/admin.ts under tsx) to check what only a process shows: its exit code and its streams.
describe("admin as a process (spawned)", () => {
  it("spawned: exits 0 and prints one JSON line with --json; the key it printed works", async () => {
    const args = ["partner", "create", "--name", "Spawned partner", "--json"];
    const created = expectJsonLine<Created>(await spawnAdmin(args), args);
    expect(created.api_key).toMatch(keyPattern);
    expectError(await readWorkspace(created.api_key), 404, "workspace_not_provisioned");
  });

  it("spawned: exits 1 on a failure and 2 on a wrong command line, saying why on stderr only", async () => {
    const unknown = randomUUID();
    const failed = await spawnAdmin(["partner", "pause", "--partner", unknown]);
    expect({ code: failed.code, stdout: failed.stdout }).toEqual({ code: 1, stdout: "" });
    expect(failed.stderr).toContain(`No partner ${unknown}`);
    const wrong = await spawnAdmin(["partner", "pause", "--partner", "not-a-uuid"]);
    expect({ code: wrong.code, stdout: wrong.stdout }).toEqual({ code: 2, stdout: "" });
    expect(wrong.stderr).toMatch(/--partner must be a partner id/);
    const none = await spawnAdmin([]);
    expect({ code: none.code, stdout: none.stdout }).toEqual({ code: 2, stdout: "" });
    expect(none.stderr).toContain("Usage: npm run --silent admin -- ");
  });

  it("spawned: exits 1 naming the database when it cannot be opened", async () => {
    const run = await spawnAdmin(["partner", "list"], { DATABASE_URL: "postgresql://nobody:none@127.0.0.1:1/absent" });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
    expect(run.stderr).toMatch(/^Could not open the database: /);
  });
});

describe("admin in the test process", () => {
  it("refuses a DATABASE_URL other than the one the test process uses, rather than use the wrong pool", async () => {
    const run = await admin("partner", "list");
    expect(run.code, run.stderr).toBe(0);
    const elsewhere = await runAdmin(["partner", "list"], { DATABASE_URL: "postgresql://nobody:none@127.0.0.1:1/absent" });
    expect({ code: elsewhere.code, stdout: elsewhere.stdout }).toEqual({ code: 1, stdout: "" });
    expect(elsewhere.stderr).toMatch(/shares the caller's database/);
  });
});
