import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { runAdmin, runAdminJson } from "../support/cli";
import { followSignInLink, signInByMail, type SignInTarget } from "../support/sign-in";
import { linkIn, type SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { useApp } from "../support/use-app";

/*
 * The consoles' one authorization rule (lib/consoles/console-role.ts), as generated cases: every
 * route under app/api/console and every console page, against every kind of person, over real
 * HTTP with sessions from mailed links. Plus the audit log and the CLI that makes staff and
 * partner users.
 */

let smtp: SmtpReceiver;
let env: Record<string, string>;
let databaseUrl: string;
let target: SignInTarget;

type Who = "anonymous" | "manager" | "partnerUser" | "otherPartnerUser" | "staff";
const cookies: Partial<Record<Who, string>> = {};
const emails: Partial<Record<Who, string>> = {};
let partnerA: { id: string; revokedKeyId: string; workspaceUuid: string };
let partnerB: { id: string };

const address = (label: string) => `${label}-${randomBytes(4).toString("hex")}@walkthrough-partner.com`;
const adminEnv = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: app.dataDir,
  APP_SECRET: env.APP_SECRET!,
  APP_URL: env.APP_URL!,
  SMTP_URL: env.SMTP_URL!,
  MAIL_FROM: env.MAIL_FROM!,
});
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, adminEnv());

const app = useApp({
  env: { MAIL_FROM: "Walkthrough <console@walkthrough.dev>", USAGE_FLUSH_SECONDS: "1" },
  fakes: ["smtp"],
  appUrl: true,
  database: "consoles",
});

beforeAll(async () => {
  ({ smtp, env, databaseUrl } = app);
  target = { baseUrl: app.baseUrl, appUrl: env.APP_URL!, smtp };

  const a = await admin<{ partner_id: string; key_id: string }>("partner", "create", "--name", "Acme Tasks");
  const b = await admin<{ partner_id: string }>("partner", "create", "--name", "Bolt Cleaning");
  await admin("key", "revoke", "--key", a.key_id);
  partnerA = { id: a.partner_id, revokedKeyId: a.key_id, workspaceUuid: "" };
  partnerB = { id: b.partner_id };

  emails.staff = address("staff");
  await admin("staff", "add", "--email", emails.staff);
  emails.partnerUser = address("acme");
  await admin("partner-user", "add", "--partner", partnerA.id, "--email", emails.partnerUser);
  emails.otherPartnerUser = address("bolt");
  await admin("partner-user", "add", "--partner", partnerB.id, "--email", emails.otherPartnerUser);
  emails.manager = address("manager");
  const workspace = await db().workspace.create({
    data: { partnerId: partnerA.id, externalId: `ws-${randomBytes(3).toString("hex")}`, name: "Harbour" },
  });
  partnerA.workspaceUuid = workspace.id;
  const manager = await db().user.create({ data: { email: emails.manager } });
  await db().seat.create({ data: { workspaceId: workspace.id, userId: manager.id, role: "owner" } });
  for (const who of ["staff", "partnerUser", "otherPartnerUser", "manager"] as const)
    cookies[who] = await signInByMail(target, emails[who]!);
});

type Need = "staff" | "partner";
interface RouteCase {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route file's path under app/api/console, with its [params]. */
  route: string;
  need: Need;
  path: () => string;
  /** A body the action refuses after authorization (400), so an allowed call changes nothing. */
  body?: unknown;
  /** What an allowed call answers. */
  allowed: number;
}

const cases: RouteCase[] = [
  { method: "GET", route: "partners", need: "staff", path: () => "/api/console/partners", allowed: 200 },
  { method: "POST", route: "partners", need: "staff", path: () => "/api/console/partners", body: { name: " " }, allowed: 400 },
  {
    method: "PATCH",
    route: "partners/[partnerId]",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}`,
    body: { status: "closed" },
    allowed: 400,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/keys",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/keys`,
    allowed: 200,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/keys",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/keys`,
    body: { scopes: ["write:everything"] },
    allowed: 400,
  },
  // A blank name is refused after authorization: nothing is renamed.
  {
    method: "PATCH",
    route: "partners/[partnerId]/keys/[keyId]",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/keys/${partnerA.revokedKeyId}`,
    body: { name: "  " },
    allowed: 400,
  },
  // An already revoked key: revoking it again changes nothing.
  {
    method: "DELETE",
    route: "partners/[partnerId]/keys/[keyId]",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/keys/${partnerA.revokedKeyId}`,
    allowed: 200,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/users",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/users`,
    allowed: 200,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/users",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/users`,
    body: { email: "nobody@example.test" },
    allowed: 400,
  },
  // Nobody by that id: removing them changes nothing.
  {
    method: "DELETE",
    route: "partners/[partnerId]/users/[userId]",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/users/${randomUUID()}`,
    allowed: 404,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/health",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/health`,
    allowed: 200,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/events",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/events?event_type=webhook.test`,
    allowed: 200,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/webhook/deliveries/[deliveryId]",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook/deliveries/${randomUUID()}`,
    allowed: 404,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/audit",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/audit`,
    allowed: 200,
  },
  { method: "GET", route: "audit", need: "staff", path: () => "/api/console/audit", allowed: 200 },
  {
    method: "GET",
    route: "partners/[partnerId]/webhook",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook`,
    allowed: 200,
  },
  {
    method: "PUT",
    route: "partners/[partnerId]/webhook",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook`,
    body: { url: "ftp://hooks.acme.com/in" },
    allowed: 400,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/webhook/rotate",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook/rotate`,
    body: { days: 99 },
    allowed: 400,
  },
  // Partner A has no receiver: a test event is refused (409 no_receiver) and nothing is recorded.
  {
    method: "POST",
    route: "partners/[partnerId]/webhook/test",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook/test`,
    body: {},
    allowed: 409,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/webhook/replay",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook/replay`,
    body: { since: "yesterday-ish" },
    allowed: 400,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/webhook/deliveries",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook/deliveries?status=failed`,
    allowed: 200,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/webhook/deliveries/[deliveryId]/replay",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook/deliveries/${randomUUID()}/replay`,
    body: {},
    allowed: 404,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/allowlist",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/allowlist`,
    allowed: 200,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/allowlist",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/allowlist`,
    body: { entry: "http://app.acme.com" },
    allowed: 400,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/sandbox/walkthroughs",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/sandbox/walkthroughs`,
    body: { workspaceId: "", propertyId: "home-1" },
    allowed: 400,
  },
  {
    method: "DELETE",
    route: "partners/[partnerId]/allowlist",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/allowlist?entry=${encodeURIComponent("https://never-added.acme.com")}`,
    allowed: 404,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/workspaces",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/workspaces`,
    allowed: 200,
  },
  { method: "GET", route: "inspections", need: "staff", path: () => "/api/console/inspections?status=completed", allowed: 200 },
  {
    method: "GET",
    route: "partners/[partnerId]/inspections",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/inspections`,
    allowed: 200,
  },
  {
    method: "POST",
    route: "partners/[partnerId]/workspaces/[workspaceId]/seats",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/seats`,
    body: { email: "someone@harbour-homes.com", role: "admin" },
    allowed: 400,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/workspaces/[workspaceId]/connectors",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/connectors`,
    allowed: 200,
  },
  // A connector the catalogue marks request_access cannot be enabled.
  {
    method: "PUT",
    route: "partners/[partnerId]/workspaces/[workspaceId]/connectors",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/connectors`,
    body: { platform: "guesty", enabled: true },
    allowed: 400,
  },
  // Nobody by that address has a seat: nothing is removed, nothing recorded.
  {
    method: "DELETE",
    route: "partners/[partnerId]/workspaces/[workspaceId]/seats",
    need: "staff",
    path: () =>
      `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/seats?email=nobody%40harbour-homes.com`,
    allowed: 200,
  },
  {
    method: "PUT",
    route: "partners/[partnerId]/workspaces/[workspaceId]/checklists/[type]",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/checklists/housekeeping`,
    body: { items: [] },
    allowed: 400,
  },
  // No maintenance list to remove: nothing changes.
  {
    method: "DELETE",
    route: "partners/[partnerId]/workspaces/[workspaceId]/checklists/[type]",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/checklists/maintenance`,
    allowed: 200,
  },
  {
    method: "PUT",
    route: "partners/[partnerId]/workspaces/[workspaceId]/feed",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/feed`,
    body: { url: "ftp://feeds.acme.com/roster", secret: "x" },
    allowed: 400,
  },
  // No feed to remove: nothing changes.
  {
    method: "DELETE",
    route: "partners/[partnerId]/workspaces/[workspaceId]/feed",
    need: "staff",
    path: () => `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/feed`,
    allowed: 200,
  },
  // Partner A has no receiver to remove.
  {
    method: "DELETE",
    route: "partners/[partnerId]/webhook",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/webhook`,
    allowed: 200,
  },
  { method: "GET", route: "staff", need: "staff", path: () => "/api/console/staff", allowed: 200 },
  {
    method: "POST",
    route: "staff",
    need: "staff",
    path: () => "/api/console/staff",
    body: { email: "ops@localhost" },
    allowed: 400,
  },
  { method: "GET", route: "review", need: "staff", path: () => "/api/console/review", allowed: 200 },
  // An inspection that does not exist: refused after authorization, changing nothing.
  {
    method: "GET",
    route: "review/[inspectionId]",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}`,
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/items/[itemId]",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/items/${randomUUID()}`,
    body: { state: "verified" },
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/findings",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/findings`,
    body: { room: "Hall" },
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/findings/[findingId]",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/findings/${randomUUID()}`,
    body: { accept: true },
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/release",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/release`,
    body: {},
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/fail",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/fail`,
    body: { reason: "other" },
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/hold",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/hold`,
    body: {},
    allowed: 404,
  },
  {
    method: "DELETE",
    route: "review/[inspectionId]/hold",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/hold`,
    allowed: 404,
  },
  // The desk's evidence packet link: no such inspection, nothing to redirect to.
  {
    method: "GET",
    route: "review/[inspectionId]/evidence",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/evidence`,
    allowed: 404,
  },
  {
    method: "POST",
    route: "review/[inspectionId]/take-over",
    need: "staff",
    path: () => `/api/console/review/${randomUUID()}/take-over`,
    body: {},
    allowed: 404,
  },
  { method: "GET", route: "jobs", need: "staff", path: () => "/api/console/jobs", allowed: 200 },
  { method: "GET", route: "jobs/[queue]/failed", need: "staff", path: () => "/api/console/jobs/judge-tap/failed", allowed: 200 },
  // No such dead-lettered job: nothing to send back.
  {
    method: "POST",
    route: "jobs/[queue]/failed/[jobId]/retry",
    need: "staff",
    path: () => "/api/console/jobs/import-baseline/failed/00000000-0000-4000-8000-000000000000/retry",
    body: {},
    allowed: 404,
  },
  // A queue without a give-up step has no dead-lettered work to retry.
  {
    method: "POST",
    route: "jobs/[queue]/retry",
    need: "staff",
    path: () => "/api/console/jobs/judge-tap/retry",
    body: {},
    allowed: 404,
  },
  {
    method: "GET",
    route: "partners/[partnerId]/usage",
    need: "partner",
    path: () => `/api/console/partners/${partnerA.id}/usage`,
    allowed: 200,
  },
];

/** Every method every route file under app/api/console exports. */
function consoleRoutes(): string[] {
  const root = path.resolve(import.meta.dirname, "../../app/api/console");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "route.ts") {
        const route = path.relative(root, dir).split(path.sep).join("/");
        for (const match of readFileSync(full, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g))
          found.push(`${match[1]} ${route}`);
      }
    }
  };
  walk(root);
  return found.sort();
}

function expected(who: Who, need: Need, allowed: number): number {
  if (who === "anonymous") return 401;
  if (who === "staff") return allowed;
  if (who === "manager") return 403;
  if (need === "staff") return 403;
  return who === "partnerUser" ? allowed : 404;
}

async function send(method: string, url: string, who: Who, body?: unknown, origin = env.APP_URL!) {
  const headers: Record<string, string> = { origin };
  if (cookies[who as Exclude<Who, "anonymous">]) headers.cookie = cookies[who as Exclude<Who, "anonymous">]!;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(new URL(url, app.baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const everyone: Who[] = ["anonymous", "manager", "partnerUser", "otherPartnerUser", "staff"];

describe("the authorization matrix", () => {
  it("covers every console route and method", () => {
    expect(cases.map((c) => `${c.method} ${c.route}`).sort()).toEqual(consoleRoutes());
  });

  it.each(cases.flatMap((c) => everyone.map((who) => [`${c.method} ${c.route}`, who, c] as const)))(
    "%s as %s",
    async (_name, who, routeCase) => {
      const auditBefore = await db().auditEntry.count();
      const keysBefore = await db().apiKey.count({ where: { status: "active" } });
      const eventsBefore = await db().webhookEvent.count();
      const answer = await send(routeCase.method, routeCase.path(), who, routeCase.body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(expected(who, routeCase.need, routeCase.allowed));
      if (who === "otherPartnerUser" && routeCase.need === "partner")
        expect(answer.body).toEqual({ error: { code: "not_found", message: "No such partner." } });
      // Refused or not, none of these calls changed anything.
      expect(await db().auditEntry.count()).toBe(auditBefore);
      expect(await db().apiKey.count({ where: { status: "active" } })).toBe(keysBefore);
      expect(await db().webhookEvent.count()).toBe(eventsBefore);
    },
  );

  it("refuses a change from another site even with a staff session", async () => {
    const answer = await send("POST", "/api/console/partners", "staff", { name: "Evil" }, "https://evil.example.com");
    expect([answer.status, (answer.body.error as { code: string }).code]).toEqual([403, "forbidden"]);
    expect(await db().partner.count({ where: { name: "Evil" } })).toBe(0);
  });

  const pages: { path: () => string; need: Need; heading: () => string }[] = [
    { path: () => "/admin", need: "staff", heading: () => "Partners" },
    { path: () => "/admin/audit", need: "staff", heading: () => "Audit log" },
    { path: () => "/admin/jobs", need: "staff", heading: () => "Jobs" },
    { path: () => "/admin/review", need: "staff", heading: () => "Review" },
    {
      path: () => `/admin/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}`,
      need: "staff",
      heading: () => "Harbour",
    },
    { path: () => "/admin/inspections", need: "staff", heading: () => "All inspections" },
    { path: () => `/admin/partners/${partnerA.id}`, need: "staff", heading: () => "Acme Tasks" },
    { path: () => `/console/${partnerA.id}`, need: "partner", heading: () => "Overview" },
    ...(
      [
        ["keys", "API keys"],
        ["webhooks", "Webhooks"],
        ["webhooks/signatures", "Verifying signatures"],
        ["events", "Events"],
        ["workspaces", "Workspaces"],
        ["usage", "Usage"],
        ["team", "Team"],
        ["audit", "Audit"],
        ["sandbox", "Sandbox"],
      ] as const
    ).map(([section, heading]) => ({
      path: () => `/console/${partnerA.id}/${section}`,
      need: "partner" as const,
      heading: () => heading,
    })),
  ];

  it.each(pages.flatMap((page) => everyone.map((who) => [page, who] as const)))("page %# as %s", async (page, who) => {
    const headers: Record<string, string> = cookies[who as Exclude<Who, "anonymous">]
      ? { cookie: cookies[who as Exclude<Who, "anonymous">]! }
      : {};
    const response = await fetch(new URL(page.path(), app.baseUrl), { headers, redirect: "manual" });
    if (who === "anonymous") {
      expect([response.status, response.headers.get("location")]).toEqual([
        307,
        `/sign-in?${new URLSearchParams({ callbackUrl: page.path() })}`,
      ]);
      return;
    }
    const html = await response.text();
    const allowed = expected(who, page.need, 200) === 200;
    const heading = /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
    expect(heading, `${page.path()} as ${who}`).toBe(allowed ? page.heading() : "No access");
  });

  it("reads another partner's page and an unknown partner alike", async () => {
    const other = await fetch(new URL(`/console/${partnerB.id}`, app.baseUrl), { headers: { cookie: cookies.partnerUser! } });
    const unknown = await fetch(new URL(`/console/${randomUUID()}`, app.baseUrl), { headers: { cookie: cookies.partnerUser! } });
    const body = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/\/console\/[0-9a-f-]{36}/g, "");
    expect(body(await other.text())).toBe(body(await unknown.text()));
  });
});

describe("the audit log", () => {
  it("records who changed what, readable by staff and by the partner's own users only", async () => {
    const created = await send("POST", "/api/console/partners", "staff", { name: "Corner Homes" });
    expect(created.status).toBe(200);
    const cornerId = created.body.partnerId as string;
    expect(created.body.apiKey).toEqual(expect.any(String));
    expect((await send("PATCH", `/api/console/partners/${cornerId}`, "staff", { status: "paused", rosterMax: 500 })).status).toBe(
      200,
    );
    const issued = await send("POST", `/api/console/partners/${partnerA.id}/keys`, "partnerUser", {
      scopes: ["read:inspections", "read:workspaces"],
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(
      (await send("DELETE", `/api/console/partners/${partnerA.id}/keys/${issued.body.keyId as string}`, "partnerUser")).body,
    ).toEqual({ keyId: issued.body.keyId, revoked: true });

    const all = await send("GET", "/api/console/audit", "staff");
    const actions = (all.body.entries as { action: string; actor: string; objectId: string; detail?: unknown }[]).map((entry) => [
      entry.action,
      entry.actor,
    ]);
    expect(actions.slice(0, 5)).toEqual([
      ["api_key.revoke", emails.partnerUser],
      ["api_key.create", emails.partnerUser],
      ["partner.set_roster_max", emails.staff],
      ["partner.pause", emails.staff],
      ["partner.create", emails.staff],
    ]);
    // The CLI's own changes are there too, by "staff CLI".
    expect(actions).toContainEqual(["partner_user.invite", "staff CLI"]);
    // No secret is ever in the log.
    expect(JSON.stringify(all.body)).not.toContain(created.body.apiKey as string);
    expect(JSON.stringify(all.body)).not.toContain(issued.body.apiKey as string);

    const own = await send("GET", `/api/console/partners/${partnerA.id}/audit`, "partnerUser");
    const ownEntries = own.body.entries as { partnerId: string }[];
    expect(ownEntries.length).toBeGreaterThanOrEqual(3);
    expect(ownEntries.every((entry) => entry.partnerId === partnerA.id)).toBe(true);
    expect((await send("GET", `/api/console/partners/${cornerId}/audit`, "partnerUser")).status).toBe(404);
  });
});

describe("the webhook delivery log", () => {
  it("pages newest first on the server, 25 a page, holding still while deliveries arrive; the status filter holds across pages", async () => {
    const { partner_id: partnerId } = await admin<{ partner_id: string }>("partner", "create", "--name", "Paging Homes");
    const start = Date.now() - 3_600_000;
    const made: { id: string; status: string }[] = [];
    for (let n = 0; n < 30; n += 1) {
      const at = new Date(start + n * 1000);
      const event = await db().webhookEvent.create({
        data: { partnerId, eventType: "webhook.test", body: "{}", builtAt: at, buildAfter: null, createdAt: at },
      });
      const status = n % 3 === 0 ? "failed" : "delivered";
      made.push(
        await db().webhookDelivery.create({
          data: { eventId: event.id, partnerId, status, createdAt: at, finishedAt: at, nextAttemptAt: null },
          select: { id: true, status: true },
        }),
      );
    }
    const newestFirst = made.map((delivery) => delivery.id).reverse();
    const path = `/api/console/partners/${partnerId}/webhook/deliveries`;

    const first = await send("GET", path, "staff");
    const firstIds = (first.body.deliveries as { id: string }[]).map((delivery) => delivery.id);
    expect(firstIds).toEqual(newestFirst.slice(0, 25));
    expect(first.body.next).toBe(firstIds.at(-1));

    // A delivery arriving now does not shift the next page.
    const late = await db().webhookEvent.create({
      data: { partnerId, eventType: "webhook.test", body: "{}", builtAt: new Date(), buildAfter: null },
    });
    await db().webhookDelivery.create({ data: { eventId: late.id, partnerId } });
    const second = await send("GET", `${path}?before=${first.body.next as string}`, "staff");
    expect((second.body.deliveries as { id: string }[]).map((delivery) => delivery.id)).toEqual(newestFirst.slice(25));
    expect(second.body.next).toBeUndefined();

    const failed = await send("GET", `${path}?status=failed`, "staff");
    const failedIds = made
      .filter((delivery) => delivery.status === "failed")
      .map((delivery) => delivery.id)
      .reverse();
    expect((failed.body.deliveries as { id: string }[]).map((delivery) => delivery.id)).toEqual(failedIds);
    expect(failed.body.next).toBeUndefined();

    // By event type and by days (from inclusive, to exclusive); a bad date is refused, naming it.
    const late2 = await send("GET", `${path}?event_type=inspection.completed`, "staff");
    expect(late2.body.deliveries).toEqual([]);
    const window = `from=${new Date(start + 10_000).toISOString()}&to=${new Date(start + 15_000).toISOString()}`;
    const windowed = await send("GET", `${path}?${window}`, "staff");
    expect((windowed.body.deliveries as { id: string }[]).map((delivery) => delivery.id)).toEqual(
      made
        .slice(10, 15)
        .map((delivery) => delivery.id)
        .reverse(),
    );
    const bad = await send("GET", `${path}?from=yesterday`, "staff");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("from");

    // One delivery for the side panel: its payload and attempts; another partner's reads as unknown.
    const one = await send("GET", `${path}/${made[0]!.id}`, "staff");
    expect(one.body).toMatchObject({ id: made[0]!.id, eventType: "webhook.test", body: "{}", attempts: [] });
    expect((await send("GET", `/api/console/partners/${partnerA.id}/webhook/deliveries/${made[0]!.id}`, "staff")).status).toBe(
      404,
    );

    // The events, each with its deliveries counted, by type.
    const events = await send("GET", `/api/console/partners/${partnerId}/events?event_type=webhook.test`, "staff");
    expect((events.body.events as unknown[]).length).toBe(25);
    expect(events.body.events).toContainEqual(expect.objectContaining({ eventType: "webhook.test", deliveries: 1 }));
    const badWorkspace = await send("GET", `/api/console/partners/${partnerId}/events?workspace_id=nope`, "staff");
    expect(badWorkspace.status).toBe(400);
    expect(JSON.stringify(badWorkspace.body)).toContain("workspace_id");
  });
});

describe("usage", () => {
  it("counts the partner API's requests per day and errors by code, for that partner only", async () => {
    const key = await admin<{ api_key: string }>("key", "create", "--partner", partnerA.id);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, app.baseUrl), {
        ...init,
        headers: { authorization: `Bearer ${key.api_key}`, "content-type": "application/json" },
      });
    const workspaceId = `usage-${randomBytes(3).toString("hex")}`;
    expect(
      (await api("/v1/workspaces", { method: "POST", body: JSON.stringify({ workspace_id: workspaceId, name: "Usage Co" }) }))
        .status,
    ).toBe(201);
    expect((await api(`/v1/workspaces/${workspaceId}`)).status).toBe(200);
    const unknown = await api("/v1/workspaces/no-such-workspace");
    const missing = await api("/v1/properties");
    const codes = [
      ((await unknown.json()) as { error: { code: string } }).error.code,
      ((await missing.json()) as { error: { code: string } }).error.code,
    ];
    expect([unknown.status, missing.status]).toEqual([404, 400]);
    const today = new Date().toISOString().slice(0, 10);
    type Usage = {
      days: { day: string; requests: number; errors: number; p50Ms?: number; p95Ms?: number }[];
      errors: { code: string; status: number; count: number }[];
    };
    const usage = await until(
      "the counts to be saved",
      async () => {
        const answer = await send("GET", `/api/console/partners/${partnerA.id}/usage`, "partnerUser");
        const body = answer.body as unknown as Usage;
        return body.days?.at(-1)?.requests === 4 ? body : undefined;
      },
      15_000,
      200,
    );
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)).toMatchObject({ day: today, requests: 4, errors: 2, ok: 2, clientError: 2, serverError: 0 });
    // Latency per day, from the in-memory histogram flushed with the counts.
    const latest = await until(
      "the latency to be saved",
      async () => {
        const body = (await send("GET", `/api/console/partners/${partnerA.id}/usage`, "partnerUser")).body as unknown as Usage;
        return body.days.at(-1)?.p95Ms !== undefined ? body.days.at(-1) : undefined;
      },
      15_000,
      200,
    );
    expect(latest!.p50Ms).toBeGreaterThan(0);
    expect(latest!.p95Ms).toBeGreaterThanOrEqual(latest!.p50Ms!);
    expect(usage.errors.reduce((sum, error) => sum + error.count, 0)).toBe(2);
    expect(usage.errors.map((error) => [error.code, error.status, error.count]).sort()).toEqual(
      [
        [codes[1], 400, 1],
        [codes[0], 404, 1],
      ].sort(),
    );
    const other = (await send("GET", `/api/console/partners/${partnerB.id}/usage`, "otherPartnerUser")).body as unknown as Usage;
    expect(other.days.reduce((sum, day) => sum + day.requests, 0)).toBe(0);
  });
});

describe("the consoles' bodies, parsed by one schema each", () => {
  it("answers an unknown id 404 before a bad body, and a bad body with the refusal's own code and wording", async () => {
    const otherWorkspace = `/api/console/partners/${partnerB.id}/workspaces/${partnerA.workspaceUuid}`;
    const unknown = [
      await send("POST", `${otherWorkspace}/seats`, "staff", { email: "x", role: "admin" }),
      await send("PUT", `${otherWorkspace}/connectors`, "staff", { platform: 7 }),
      await send("PUT", `${otherWorkspace}/feed`, "staff", {}),
      await send("POST", `/api/console/review/${randomUUID()}/fail`, "staff", { reason: "bored" }),
      await send("POST", `/api/console/review/${randomUUID()}/items/${randomUUID()}`, "staff", { state: "maybe" }),
    ];
    expect(unknown.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);

    const ownWorkspace = `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}`;
    expect((await send("POST", `${ownWorkspace}/seats`, "staff", { email: address("seat"), role: "admin" })).body).toEqual({
      error: { code: "invalid_role", message: "Choose owner, manager or viewer." },
    });
    expect((await send("POST", `/api/console/partners/${partnerA.id}/users`, "partnerUser", { email: 5 })).body).toEqual({
      error: { code: "invalid_email", message: "Enter an email address we can send to, like name@company.com." },
    });
    expect((await send("PUT", `${ownWorkspace}/connectors`, "staff", { platform: "guesty" })).body).toEqual({
      error: { code: "invalid_request", message: "Send platform and enabled (true or false)." },
    });
  });

  it("changes nothing of a partner when any field of the change is refused", async () => {
    const created = await send("POST", "/api/console/partners", "staff", { name: "  Tidy Lets  " });
    const partnerId = created.body.partnerId as string;
    const refused = await send("PATCH", `/api/console/partners/${partnerId}`, "staff", { status: "paused", rosterMax: "many" });
    expect([refused.status, (refused.body.error as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/^The roster cap must be a whole number from 1 to /),
    ]);
    expect(await db().partner.findUniqueOrThrow({ where: { id: partnerId }, select: { name: true, status: true } })).toEqual({
      name: "Tidy Lets",
      status: "active",
    });
  });

  it("sets a partner's media retention, audited; empty goes back to the default; a bad number changes nothing", async () => {
    const created = await send("POST", "/api/console/partners", "staff", { name: "Keep Lets" });
    const partnerId = created.body.partnerId as string;
    const retention = async () =>
      (await db().partner.findUniqueOrThrow({ where: { id: partnerId }, select: { recordingRetentionDays: true } }))
        .recordingRetentionDays;
    expect((await send("PATCH", `/api/console/partners/${partnerId}`, "staff", { recordingRetentionDays: "730" })).status).toBe(
      200,
    );
    expect(await retention()).toBe(730);
    const refused = await send("PATCH", `/api/console/partners/${partnerId}`, "staff", { recordingRetentionDays: "0" });
    expect([refused.status, (refused.body.error as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/^The media retention must be a whole number of days/),
    ]);
    expect(await retention()).toBe(730);
    expect((await send("PATCH", `/api/console/partners/${partnerId}`, "staff", { recordingRetentionDays: "" })).status).toBe(200);
    expect(await retention()).toBeNull();
    const entries = await db().auditEntry.findMany({
      where: { partnerId, action: "partner.set_recording_retention" },
      orderBy: { at: "asc" },
    });
    expect(entries.map((entry) => [entry.actor, entry.detail])).toEqual([
      [emails.staff, { from: null, to: 730 }],
      [emails.staff, { from: 730, to: null }],
    ]);
  });
});

describe("a workspace's seats, by staff", () => {
  it("gives an owner seat, changes it and takes it away, each audited; another partner's workspace reads as unknown", async () => {
    const path = `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/seats`;
    const email = address("new-owner");
    const given = await send("POST", path, "staff", { email, role: "owner" });
    expect(given.body).toMatchObject({ email, role: "owner", created: true, invited: true });
    expect((await smtp.waitFor(email)).subject).toContain("Harbour");
    expect((await send("POST", path, "staff", { email, role: "viewer" })).body).toMatchObject({ role: "viewer", created: false });
    expect((await send("DELETE", `${path}?email=${encodeURIComponent(email)}`, "staff")).body).toEqual({ removed: true });
    const actions = (
      (await send("GET", `/api/console/partners/${partnerA.id}/audit`, "staff")).body.entries as { action: string }[]
    )
      .slice(0, 3)
      .map((entry) => entry.action);
    expect(actions).toEqual(["seat.remove", "seat.set", "seat.set"]);
    const wrongPartner = await send(
      "POST",
      `/api/console/partners/${partnerB.id}/workspaces/${partnerA.workspaceUuid}/seats`,
      "staff",
      { email, role: "owner" },
    );
    expect([wrongPartner.status, wrongPartner.body]).toEqual([
      404,
      { error: { code: "not_found", message: "No such workspace." } },
    ]);
  });
});

describe("a workspace's seats, by its owner", () => {
  it("audits the owner's invitation and removal like a console action, for the partner to read", async () => {
    const email = address("invited-viewer");
    const invited = await send("POST", `/api/workspaces/${partnerA.workspaceUuid}/seats`, "manager", { email, role: "viewer" });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const seatId = invited.body.seatId as string;
    expect((await send("DELETE", `/api/workspaces/${partnerA.workspaceUuid}/seats/${seatId}`, "manager")).status).toBe(200);

    const entries = (
      (await send("GET", `/api/console/partners/${partnerA.id}/audit`, "partnerUser")).body.entries as Record<string, unknown>[]
    ).slice(0, 2);
    expect(entries).toMatchObject([
      {
        action: "seat.remove",
        actor: emails.manager,
        objectType: "workspace",
        objectId: partnerA.workspaceUuid,
        detail: { email, role: "viewer" },
      },
      {
        action: "seat.invite",
        actor: emails.manager,
        objectType: "workspace",
        objectId: partnerA.workspaceUuid,
        detail: { email, role: "viewer" },
      },
    ]);
    const other = (await send("GET", `/api/console/partners/${partnerB.id}/audit`, "otherPartnerUser")).body.entries as {
      action: string;
    }[];
    expect(other.filter((entry) => entry.action.startsWith("seat."))).toEqual([]);
  });

  it("lets the owner change a manager's or viewer's role, never an owner's, and audits the change", async () => {
    const email = address("role-change");
    const base = `/api/workspaces/${partnerA.workspaceUuid}/seats`;
    const seatId = (await send("POST", base, "manager", { email, role: "viewer" })).body.seatId as string;
    const changed = await send("PATCH", `${base}/${seatId}`, "manager", { role: "manager" });
    expect([changed.status, changed.body]).toEqual([200, { seatId, email, role: "manager", joined: false }]);
    expect((await send("PATCH", `${base}/${seatId}`, "manager", { role: "owner" })).body).toMatchObject({
      error: { code: "invalid_role" },
    });
    const ownSeat = await db().seat.findFirstOrThrow({ where: { workspaceId: partnerA.workspaceUuid, role: "owner" } });
    expect((await send("PATCH", `${base}/${ownSeat.id}`, "manager", { role: "viewer" })).status).toBe(409);
    expect((await send("PATCH", `${base}/${seatId}`, "partnerUser", { role: "viewer" })).status).toBe(404);
    const entry = (
      (await send("GET", `/api/console/partners/${partnerA.id}/audit`, "partnerUser")).body.entries as Record<string, unknown>[]
    )[0];
    expect(entry).toMatchObject({
      action: "seat.role",
      actor: emails.manager,
      detail: { email, from: "viewer", role: "manager" },
    });
  });
});

describe("company-wide checklists, by staff", () => {
  it("sets a list under the API's name rules, naming the item a rule refuses, and removes it; each audited", async () => {
    const path = `/api/console/partners/${partnerA.id}/workspaces/${partnerA.workspaceUuid}/checklists/housekeeping`;
    const refused = await send("PUT", path, "staff", {
      items: [{ name: "Kitchen wiped" }, { name: "Beds made \u2014 fresh linen" }],
    });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { message: string }).message).toMatch(/items\[1\]\.name|items\.1\.name/);
    expect(await db().companyChecklist.count({ where: { workspaceId: partnerA.workspaceUuid } })).toBe(0);
    const saved = await send("PUT", path, "staff", {
      items: [{ name: "Kitchen wiped" }, { name: "Beds made", notes: "Fresh linen" }],
    });
    expect(saved.body).toEqual({ type: "housekeeping", items: 2 });
    expect((await send("DELETE", path, "staff")).body).toEqual({ removed: true });
    const actions = (
      (await send("GET", `/api/console/partners/${partnerA.id}/audit`, "staff")).body.entries as { action: string }[]
    )
      .slice(0, 2)
      .map((entry) => entry.action);
    expect(actions).toEqual(["company_checklist.clear", "company_checklist.set"]);
  });
});

describe("jobs", () => {
  it("lists every queue and sends a queue's failed give-up steps back, audited", async () => {
    const overview = await send("GET", "/api/console/jobs", "staff");
    const rows = overview.body.queues as { queue: string; retryable: boolean }[];
    expect(rows.find((row) => row.queue === "import-baseline")).toMatchObject({ retryable: true });
    expect(rows.find((row) => row.queue === "judge-tap")).toMatchObject({ retryable: false });
    // A give-up step that failed in its turn, as pg-boss leaves one.
    const [job] = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO pgboss.job (id, name, data, state, retry_limit) VALUES (gen_random_uuid(), 'import-baseline-given-up', '{}', 'failed', 0) RETURNING id::text`;
    expect((await send("GET", "/api/console/jobs", "staff")).body.queues).toContainEqual(
      expect.objectContaining({ queue: "import-baseline", deadLetter: 1 }),
    );
    const retried = await send("POST", "/api/console/jobs/import-baseline/retry", "staff", {});
    expect(retried.body).toEqual({ queue: "import-baseline", retried: 1 });
    const [after] = await db().$queryRaw<
      { retry_limit: number }[]
    >`SELECT retry_limit FROM pgboss.job WHERE id = ${job!.id}::uuid`;
    expect(after!.retry_limit).toBe(1);
    const audit = (await send("GET", "/api/console/audit", "staff")).body.entries as { action: string; objectId: string }[];
    expect(audit[0]).toMatchObject({ action: "jobs.retry_given_up", objectId: "import-baseline" });
  });

  it("lists a queue's failed jobs with their errors and sends one dead-lettered job back, audited", async () => {
    const [failed] = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO pgboss.job (id, name, data, state, retry_limit, output, completed_on)
      VALUES (gen_random_uuid(), 'import-baseline', '{}', 'failed', 2, '{"message":"photo host answered 500"}', now() - interval '1 minute') RETURNING id::text`;
    const [dead] = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO pgboss.job (id, name, data, state, retry_limit, output, completed_on)
      VALUES (gen_random_uuid(), 'import-baseline-given-up', '{}', 'failed', 0, '{"message":"import 7 not marked failed"}', now()) RETURNING id::text`;
    const listed = await send("GET", "/api/console/jobs/import-baseline/failed", "staff");
    const jobs = listed.body.jobs as { id: string; kind: string; error: string; retryable: boolean }[];
    expect(jobs.find((job) => job.id === dead!.id)).toMatchObject({
      kind: "dead-lettered",
      error: "import 7 not marked failed",
      retryable: true,
    });
    expect(jobs.find((job) => job.id === failed!.id)).toMatchObject({
      kind: "failed",
      error: "photo host answered 500",
      retryable: false,
    });
    // The queue's own failed job is not sent back: its give-up step already ran.
    expect((await send("POST", `/api/console/jobs/import-baseline/failed/${failed!.id}/retry`, "staff", {})).status).toBe(404);
    const retried = await send("POST", `/api/console/jobs/import-baseline/failed/${dead!.id}/retry`, "staff", {});
    expect(retried.body).toEqual({ queue: "import-baseline", retried: 1 });
    const [after] = await db().$queryRaw<
      { retry_limit: number }[]
    >`SELECT retry_limit FROM pgboss.job WHERE id = ${dead!.id}::uuid`;
    expect(after!.retry_limit).toBe(1);
    const audit = (await send("GET", "/api/console/audit", "staff")).body.entries as {
      action: string;
      detail: unknown;
      sentence: string;
    }[];
    expect(audit[0]).toMatchObject({ action: "jobs.retry_given_up", detail: { retried: 1, job_id: dead!.id } });
    expect(audit[0]!.sentence).toMatch(/ retried 1 failed job of “Import baseline photos and tours”$/);
    expect((await send("GET", "/api/console/jobs/no-such-queue/failed", "staff")).status).toBe(404);
  });
});

describe("who gets in (npm run admin -- staff | partner-user)", () => {
  it("invites a partner user by mail to their console, and lets them invite a colleague", async () => {
    const email = address("engineer");
    const invited = await admin<{ email: string }>(
      "partner-user",
      "add",
      "--partner",
      partnerA.id,
      "--email",
      email.toUpperCase(),
    );
    expect(invited.email).toBe(email);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("You're invited to Acme Tasks's console on Walkthrough");
    const signedIn = await followSignInLink(target, linkIn(mail, `${env.APP_URL}/api/auth/callback/email?`));
    expect(signedIn.location).toBe(`${env.APP_URL}/console`);
    const landing = await fetch(new URL("/console", app.baseUrl), { headers: { cookie: signedIn.cookie! }, redirect: "manual" });
    expect(landing.headers.get("location")).toBe(`/console/${partnerA.id}`);

    const colleague = address("colleague");
    const answer = await send("POST", `/api/console/partners/${partnerA.id}/users`, "partnerUser", { email: colleague });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await smtp.waitFor(colleague)).subject).toContain("Acme Tasks");
    const again = await send("POST", `/api/console/partners/${partnerA.id}/users`, "partnerUser", { email: colleague });
    expect([again.status, (again.body.error as { code: string }).code]).toEqual([409, "already_invited"]);
    const listed = await admin<{ users: { email: string }[] }>("partner-user", "list", "--partner", partnerA.id);
    expect(listed.users.map((user) => user.email)).toEqual(expect.arrayContaining([email, colleague, emails.partnerUser]));
  });

  it("makes staff, who land on /admin after signing in; refuses an address mail cannot reach", async () => {
    const email = address("ops");
    expect(await admin("staff", "add", "--email", email)).toEqual({ email, added: true });
    expect(await admin("staff", "add", "--email", email)).toEqual({ email, added: false });
    const cookie = await signInByMail(target, email);
    const home = await fetch(new URL("/home", app.baseUrl), { headers: { cookie }, redirect: "manual" });
    expect(home.headers.get("location")).toBe("/admin");
    const listed = await admin<{ staff: { email: string }[] }>("staff", "list");
    expect(listed.staff.map((row) => row.email)).toContain(email);
    // Staff add staff from /admin too, audited under their name.
    const colleague = address("ops-colleague");
    expect((await send("POST", "/api/console/staff", "staff", { email: colleague })).body).toEqual({
      email: colleague,
      added: true,
    });
    expect(
      ((await send("GET", "/api/console/staff", "staff")).body.staff as { email: string }[]).map((row) => row.email),
    ).toContain(colleague);
    expect(
      ((await send("GET", "/api/console/audit", "staff")).body.entries as { action: string; actor: string }[])[0],
    ).toMatchObject({ action: "staff.add", actor: emails.staff });
    const bad = await runAdmin(["staff", "add", "--email", "ops@localhost"], adminEnv());
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("Enter an email address we can send to")]);
  });
});
