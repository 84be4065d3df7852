import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditDetailLines, auditPhrases, auditSentence } from "@/lib/consoles/audit-sentences";

const keyId = "0b5e1a2c-7d4e-4f11-9a0b-3c2d1e0f9f2c";
const workspaceId = "6a1f0e9d-2222-4333-8444-55556666abcd";
const inspectionId = "11111111-2222-4333-8444-555566667777";

function say(action: string, extra: { objectId?: string; objectType?: string; detail?: unknown; actor?: string } = {}) {
  return auditSentence({
    actor: extra.actor ?? "Ana",
    action,
    objectType: extra.objectType ?? "partner",
    objectId: extra.objectId ?? keyId,
    detail: extra.detail,
    partnerName: "Acme Tasks",
  });
}

/** Every action a lib module records (`action: "x.y"` or a ternary of two), read from the source. */
function recordedActions(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === "generated") continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts")) {
        const source = readFileSync(path, "utf8");
        if (!source.includes("recordAudit")) continue;
        for (const line of source.matchAll(/action:[^\n]*/g))
          for (const match of line[0].matchAll(/"([a-z_]+\.[a-z_]+)"/g)) found.add(match[1]!);
      }
    }
  };
  walk(join(process.cwd(), "lib"));
  return [...found].sort();
}

describe("audit sentences", () => {
  it("has words for every action the code records", () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(25);
    expect(actions.filter((action) => !(action in auditPhrases))).toEqual([]);
  });

  it.each([
    ["partner.pause", {}, "Ana paused Acme Tasks"],
    ["partner.resume", {}, "Ana resumed Acme Tasks"],
    ["partner.create", { detail: { name: "Acme Tasks", key_id: keyId } }, "Ana created the partner Acme Tasks"],
    ["partner.set_roster_max", { detail: { from: 500, to: 800 } }, "Ana set Acme Tasks's roster cap to 800 (was 500)"],
    [
      "partner.set_recording_retention",
      { detail: { from: null, to: 90 } },
      "Ana set Acme Tasks's media retention to 90 days (was the default)",
    ],
    [
      "partner.set_recording_retention",
      { detail: { from: 90, to: null } },
      "Ana set Acme Tasks's media retention to the default (was 90 days)",
    ],
    [
      "inspection.media_deleted",
      { actor: "retention policy", detail: { days: 400 } },
      "retention policy deleted the video and pictures of walkthrough …9f2c, 400 days after its seal",
    ],
    [
      "partner.set_event_track",
      { detail: { from: "inspections", to: "reservations" } },
      "Ana switched Acme Tasks to workspace and reservation events",
    ],
    ["api_key.create", { detail: { scopes: ["inspections:write"] } }, "Ana created key …9f2c"],
    ["api_key.revoke", { actor: "Ops" }, "Ops revoked key …9f2c"],
    ["allowlist.add", { objectId: "203.0.113.0/24" }, "Ana allowed 203.0.113.0/24"],
    ["allowlist.remove", { objectId: "203.0.113.0/24" }, "Ana removed 203.0.113.0/24 from the allowlist"],
    [
      "webhook.set_receiver",
      { detail: { url: "https://hooks.acme.test/w" } },
      "Ana set the webhook receiver to https://hooks.acme.test/w",
    ],
    ["webhook.clear_receiver", {}, "Ana removed the webhook receiver"],
    ["webhook.rotate", { detail: { days: 3 } }, "Ana rotated the webhook secret (the previous one works for 3 days)"],
    ["webhook.rotate", { detail: { days: 1 } }, "Ana rotated the webhook secret (the previous one works for 1 day)"],
    ["webhook.expire_previous", { detail: { days: 0 } }, "Ana expired the previous webhook secret"],
    ["webhook.test", {}, "Ana sent a test webhook"],
    ["webhook.replay", { objectId: keyId }, "Ana replayed webhook delivery …9f2c"],
    [
      "webhook.replay_since",
      { detail: { since: "2026-11-01T00:00:00.000Z", queued: 4 } },
      "Ana replayed 4 webhook deliveries since 2026-11-01T00:00:00.000Z",
    ],
    ["partner_user.invite", { detail: { email: "bo@acme.test" } }, "Ana invited bo@acme.test"],
    ["staff.add", { detail: { email: "cy@walkthrough.test" } }, "Ana added cy@walkthrough.test to the staff"],
    [
      "seat.set",
      { objectId: workspaceId, detail: { email: "di@acme.test", role: "manager", created: true } },
      "Ana gave di@acme.test a seat in workspace …abcd as manager",
    ],
    [
      "seat.invite",
      { objectId: workspaceId, detail: { email: "di@acme.test", role: "viewer" } },
      "Ana invited di@acme.test to workspace …abcd as viewer",
    ],
    [
      "seat.role",
      { objectId: workspaceId, detail: { email: "di@acme.test", from: "viewer", role: "manager" } },
      "Ana made di@acme.test manager in workspace …abcd (was viewer)",
    ],
    [
      "seat.remove",
      { objectId: workspaceId, detail: { email: "di@acme.test" } },
      "Ana removed di@acme.test's seat in workspace …abcd",
    ],
    ["feed.set", { objectId: workspaceId, detail: { url: "https://x.test" } }, "Ana set the roster feed of workspace …abcd"],
    ["feed.clear", { objectId: workspaceId }, "Ana removed the roster feed of workspace …abcd"],
    [
      "company_checklist.set",
      { objectId: workspaceId, detail: { type: "turnover", items: 12 } },
      "Ana saved the turnover checklist of workspace …abcd (12 items)",
    ],
    [
      "company_checklist.clear",
      { objectId: workspaceId, detail: { type: "turnover" } },
      "Ana removed the turnover checklist of workspace …abcd",
    ],
    [
      "connector.enable",
      { objectId: workspaceId, detail: { platform: "guesty" } },
      "Ana turned on the guesty connector of workspace …abcd",
    ],
    ["connector.disable", { objectId: workspaceId, detail: {} }, "Ana turned off the connector of workspace …abcd"],
    [
      "jobs.retry_given_up",
      { objectId: "analyze-inspection", detail: { retried: 1 } },
      "Ana retried 1 failed job of “Analyse walkthroughs”",
    ],
    [
      "review.decide_item",
      { objectId: inspectionId, detail: { item_id: "x", state: "not_checked", released: false } },
      "Ana marked an item not checked on walkthrough …7777",
    ],
    [
      "review.add_finding",
      { objectId: keyId, detail: { inspection_id: inspectionId, room: "Kitchen", severity: "high" } },
      "Ana added a finding in Kitchen on walkthrough …7777",
    ],
    ["review.accept_finding", { objectId: keyId }, "Ana accepted finding …9f2c"],
    ["review.reject_finding", { objectId: keyId }, "Ana rejected finding …9f2c"],
    ["review.release", { objectId: inspectionId }, "Ana released walkthrough …7777"],
    ["review.fail", { objectId: inspectionId, detail: { reason: "blank video" } }, "Ana failed walkthrough …7777"],
  ])("%s reads as a sentence", (action, extra, sentence) => {
    expect(say(action, extra)).toBe(sentence);
  });

  it("names the partner generically when the entry has none", () => {
    expect(auditSentence({ actor: "staff CLI", action: "partner.pause", objectType: "partner", objectId: keyId })).toBe(
      "staff CLI paused the partner",
    );
  });

  it("reads an action it has no words for as plain words, not the raw name", () => {
    const sentence = say("widget.frobnicate", { objectType: "widget_thing" });
    expect(sentence).toBe("Ana did “widget: frobnicate” on widget thing …9f2c");
  });

  it("lists the detail as lines and nothing for no detail", () => {
    expect(auditDetailLines({ key_id: "k1", scopes: ["a", "b"] })).toEqual(["key id: k1", 'scopes: ["a","b"]']);
    expect(auditDetailLines(undefined)).toEqual([]);
  });
});
