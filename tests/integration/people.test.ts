import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { enqueue } from "../../lib/queue/enqueue";
import { stopJobs } from "../../lib/queue/job-queue";
import { call, expectError } from "../support/api";
import { runAdmin, runAdminJson } from "../support/cli";
import { type FakeAnalysisProvider } from "../support/fake-analysis-provider";
import { askForSignInLink, followSignInLink as followLink, signInByMail } from "../support/sign-in";
import { linkIn, type SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { type WebhookReceiver } from "../support/webhook-receiver";
import { createTestPartner, type TestPartner, uniqueWorkspaceId } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";

/*
 * People (lib/people/, lib/auth/): workspace claims over the partner API, sign-in by the mailed
 * link over real HTTP (next-auth's own callback and session cookie), and the delivery of released
 * reports by each seat's choices. Mail goes through a real SMTP server.
 */

let smtp: SmtpReceiver;
let provider: FakeAnalysisProvider;
let receiver: WebhookReceiver;
let env: Record<string, string>;
let databaseUrl: string;

const app = useApp({
  env: {
    MAIL_FROM: "Walkthrough <reports@walkthrough.dev>",
    RATE_LIMIT_CLAIM: "6",
    // The sign-in limits' defaults; each limit test asks from an X-Forwarded-For address of its own.
    RATE_LIMIT_SIGN_IN_ADDRESS: "20",
    RATE_LIMIT_SIGN_IN_EMAIL: "5",
    TRUSTED_PROXY_HOPS: "1",
    // An hour, so a limit test's asks never straddle two windows.
    RATE_LIMIT_WINDOW_SECONDS: "3600",
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    WEBHOOK_RECORDING_HOLD_SECONDS: "5",
  },
  fakes: ["smtp", "analysis", "webhooks"],
  appUrl: true,
  database: "people",
});
beforeAll(() => {
  ({ smtp, analysis: provider, webhooks: receiver, env, databaseUrl } = app);
});
afterAll(async () => {
  await stopJobs();
});

const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, adminEnv());
const adminEnv = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: app.dataDir,
  APP_SECRET: env.APP_SECRET!,
  APP_URL: env.APP_URL!,
  SMTP_URL: env.SMTP_URL!,
  MAIL_FROM: env.MAIL_FROM!,
  WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true",
});

const claim = (key: string, workspaceId: string | undefined, body: unknown) =>
  call("POST", "/v1/workspace-claims", { key, query: { workspace_id: workspaceId }, body });
const claimState = async (key: string, workspaceId: string) =>
  ((await call("GET", `/v1/workspaces/${encodeURIComponent(workspaceId)}`, { key })).body.claim as { state: string }).state;

async function provisioned(partner: TestPartner, label = "claim"): Promise<string> {
  const workspaceId = uniqueWorkspaceId(label);
  const created = await call("POST", "/v1/workspaces", {
    key: partner.apiKey,
    body: { workspace_id: workspaceId, name: `Harbour Homes ${label}` },
  });
  expect(created.status, created.text).toBe(201);
  return workspaceId;
}

const signIn = () => ({ baseUrl: app.baseUrl, appUrl: env.APP_URL!, smtp });
const followSignInLink = (link: string) => followLink(signIn(), link);

const page = (path: string, cookie?: string) =>
  fetch(new URL(path, app.baseUrl), { headers: cookie ? { cookie } : {}, redirect: "manual" });
const address = (label: string) => `${label}-${randomBytes(4).toString("hex")}@harbour-homes.com`;

describe("POST /v1/workspace-claims", () => {
  it("moves the claim unclaimed -> pending -> claimed: the mailed link signs the owner in", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner);
    expect(await claimState(partner.apiKey, workspaceId)).toBe("unclaimed");
    const email = address("owner");

    const answer = await claim(partner.apiKey, workspaceId, { email: email.toUpperCase(), name: "Olive Owner" });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({
      workspace_id: workspaceId,
      email,
      name: "Olive Owner",
      state: "pending",
      invited_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(answer.body.expires_at as string) - Date.parse(answer.body.invited_at as string)).toBe(
      7 * 24 * 3600 * 1000,
    );
    expect(await claimState(partner.apiKey, workspaceId)).toBe("pending");

    const mail = await smtp.waitFor(email);
    expect(mail.from).toContain("reports@walkthrough.dev");
    expect(mail.subject).toBe(`You're invited to Harbour Homes claim on Walkthrough`);
    const signedIn = await followSignInLink(linkIn(mail, `${env.APP_URL}/api/auth/callback/email?`));
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe(`${env.APP_URL}/home`);
    expect(signedIn.cookie).toBeDefined();
    expect(await claimState(partner.apiKey, workspaceId)).toBe("claimed");
    const home = await page("/home", signedIn.cookie);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Harbour Homes claim");

    expectError(await claim(partner.apiKey, workspaceId, { email }), 409, "workspace_already_claimed");
    // The link worked once.
    const again = await followSignInLink(linkIn(mail, `${env.APP_URL}/api/auth/callback/email?`));
    expect(again.location).toBe(`${env.APP_URL}/sign-in/failed?error=Verification`);
    expect(again.cookie).toBeUndefined();
  });

  it("re-sends an open invitation to the same address (200) and replaces it for another", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner);
    const first = address("first");
    expect((await claim(partner.apiKey, workspaceId, { email: first })).status).toBe(201);
    const repeat = await claim(partner.apiKey, workspaceId, { email: first });
    expect(repeat.status, repeat.text).toBe(200);
    await smtp.waitFor(first, 2);
    const second = address("second");
    expect((await claim(partner.apiKey, workspaceId, { email: second })).status).toBe(201);
    // The first address's link still signs its holder in, but makes nobody owner.
    const stale = await followSignInLink(linkIn(smtp.to(first)[1]!, `${env.APP_URL}/api/auth/callback/email?`));
    expect(stale.status).toBe(302);
    expect(await claimState(partner.apiKey, workspaceId)).toBe("pending");
    const accepted = await followSignInLink(linkIn(await smtp.waitFor(second), `${env.APP_URL}/api/auth/callback/email?`));
    expect(accepted.cookie).toBeDefined();
    expect(await claimState(partner.apiKey, workspaceId)).toBe("claimed");
    expect(await db().seat.count({ where: { workspace: { externalId: workspaceId } } })).toBe(1);
  });

  it("reads unclaimed again once the invitation lapses, and a new claim is a new invitation", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "lapse");
    const email = address("slow");
    expect((await claim(partner.apiKey, workspaceId, { email })).status).toBe(201);
    const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
    const past = new Date(Date.now() - 1000);
    await db().workspace.update({ where: { id: workspace.id }, data: { claimPendingUntil: past } });
    await db().workspaceClaim.update({ where: { workspaceId: workspace.id }, data: { expiresAt: past } });
    expect(await claimState(partner.apiKey, workspaceId)).toBe("unclaimed");
    const renewed = await claim(partner.apiKey, workspaceId, { email });
    expect(renewed.status, renewed.text).toBe(201);
    expect(await claimState(partner.apiKey, workspaceId)).toBe("pending");
  });

  it("refuses in the documented order, changing nothing", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner);
    expectError(await claim(partner.apiKey, undefined, { email: address("x") }), 400, "missing_parameter");
    expect(expectError(await claim(partner.apiKey, workspaceId, {}), 400, "missing_parameter").detail).toEqual({
      parameter: "email",
    });
    // Blank is missing (spec, Errors: "absent or blank"), not an address that cannot be sent to.
    for (const email of ["", "   "]) {
      expect(expectError(await claim(partner.apiKey, workspaceId, { email }), 400, "missing_parameter").detail).toEqual({
        parameter: "email",
      });
    }
    expectError(await claim(partner.apiKey, workspaceId, { email: address("x"), role: "owner" }), 400, "invalid_request");
    for (const email of [
      "not-an-address",
      "a@b",
      "owner@[127.0.0.1]",
      "owner@10.0.0.1",
      "owner@home.test",
      "owner@site.example",
      "owner@x.invalid",
      "owner@box.localhost",
      "owner@example.com",
      "two@@harbour.com",
    ]) {
      const refused = expectError(await claim(partner.apiKey, workspaceId, { email }), 400, "invalid_email");
      expect(refused.detail).toEqual({ parameter: "email" });
    }
    // The address is checked before the workspace.
    expectError(await claim(partner.apiKey, "no-such-workspace", { email: "x@y.test" }), 400, "invalid_email");
    expectError(await claim(partner.apiKey, "no-such-workspace", { email: address("x") }), 404, "workspace_not_provisioned");
    const other = await createTestPartner();
    expectError(await claim(other.apiKey, workspaceId, { email: address("x") }), 404, "workspace_not_provisioned");

    // The partner's other key did not provision it.
    const secondKey = await admin<{ api_key: string }>("key", "create", "--partner", partner.partnerId);
    expectError(await claim(secondKey.api_key, workspaceId, { email: address("x") }), 409, "claim_requires_admin");
    const byOtherKey = await db().workspace.findFirstOrThrow({
      where: { partnerId: partner.partnerId, externalId: workspaceId },
    });

    // A workspace that already has people.
    const user = await db().user.create({ data: { email: address("seated") } });
    await db().seat.create({ data: { workspaceId: byOtherKey.id, userId: user.id, role: "manager" } });
    expectError(await claim(partner.apiKey, workspaceId, { email: address("x") }), 409, "claim_requires_admin");
    expect(await claimState(partner.apiKey, workspaceId)).toBe("unclaimed");
    expect(await db().workspaceClaim.count({ where: { workspaceId: byOtherKey.id } })).toBe(0);
  });

  it("limits the invitations a partner mails", async () => {
    const partner = await createTestPartner();
    const answers: number[] = [];
    for (let index = 0; index < 8; index += 1)
      answers.push(
        (await claim(partner.apiKey, await provisioned(partner, `rl${index}`), { email: address(`rl${index}`) })).status,
      );
    expect(answers.filter((status) => status === 201).length).toBeLessThanOrEqual(6);
    expect(answers).toContain(429);
  });
});

describe("sign-in", () => {
  const askForLink = (email: string, callbackUrl: string) => askForSignInLink(signIn(), email, callbackUrl);
  const askSignInFrom = (email: string, headers: Record<string, string>) =>
    askForSignInLink(signIn(), email, `${env.APP_URL}/home`, headers);

  it("mails a link to a person with a seat, which signs them in once and lands where they were going", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "signin");
    const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId } });
    const email = address("manager");
    const user = await db().user.create({ data: { email } });
    await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "manager" } });

    const asked = await askForLink(email.toUpperCase(), `${env.APP_URL}/settings`);
    expect(asked.url).toBe(`${env.APP_URL}/sign-in/check-email`);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("Sign in to Walkthrough");
    const signedIn = await followSignInLink(linkIn(mail, `${env.APP_URL}/api/auth/callback/email?`));
    expect(signedIn.location).toBe(`${env.APP_URL}/settings`);
    const settings = await page("/settings", signedIn.cookie);
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain(workspace.name);
    // The session is stored hashed: the cookie's token is not in the table.
    const token = signedIn.cookie!.split("=")[1]!;
    expect(await db().session.count({ where: { tokenHash: token } })).toBe(0);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("mails nobody without a seat or invitation, and answers the same", async () => {
    const stranger = address("stranger");
    const asked = await askForLink(stranger, `${env.APP_URL}/home`);
    expect(asked.url).toBe(`${env.APP_URL}/sign-in/check-email`);
    const refused = await askForLink("someone@[10.0.0.1]", `${env.APP_URL}/home`);
    expect(refused.url).toContain("error=EmailSignin");
    // The ask queued a mail job as for anyone; once it has run, no mail can still be on its way.
    await until("the stranger's sign-in job to run", async () => {
      const rows = await signInJobs([stranger]);
      return rows.length === 1 && rows[0]!.state === "completed" ? rows : undefined;
    });
    expect(smtp.to(stranger)).toEqual([]);
  });

  const signInJobs = async (emails: string[]) =>
    db().$queryRaw<{ email: string; state: string }[]>`
      SELECT data->>'email' AS email, state::text AS state FROM pgboss.job WHERE name = 'sign-in-mail' AND data->>'email' = ANY(${emails})`;
  // The entry the one trusted proxy added is the last; the client's own claim before it proves nothing.
  let addresses = 0;
  const fromAddress = () => ({ "x-forwarded-for": `198.51.100.7, 203.0.113.${(addresses += 1)}` });

  it("queues the same mail job for every ask, so the answer takes as long for a stranger as for a person with a seat", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "signin-job");
    const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId } });
    const seated = address("seated");
    const user = await db().user.create({ data: { email: seated } });
    await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "viewer" } });
    const stranger = address("stranger");

    for (const email of [seated, stranger])
      expect((await askForLink(email, `${env.APP_URL}/home`)).url).toBe(`${env.APP_URL}/sign-in/check-email`);
    await smtp.waitFor(seated);
    const jobs = await until("both jobs to finish", async () => {
      const rows = await signInJobs([seated, stranger]);
      return rows.length === 2 && rows.every((row) => row.state === "completed") ? rows : undefined;
    });
    expect(jobs.map((job) => job.email).sort()).toEqual([seated, stranger].sort());
    expect(smtp.to(stranger)).toEqual([]);
    // Only the link that was mailed is stored, never one for the stranger.
    expect(await db().verificationToken.count({ where: { identifier: stranger } })).toBe(0);
    expect(await db().verificationToken.count({ where: { identifier: seated } })).toBe(1);
  });

  it("mails one address at most RATE_LIMIT_SIGN_IN_EMAIL links an hour, answering every ask the same", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "signin-limit");
    const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId } });
    const email = address("flooded");
    const user = await db().user.create({ data: { email } });
    await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "viewer" } });

    // From different client addresses, so only the email's own limit applies.
    for (let ask = 0; ask < 7; ask += 1) {
      expect((await askSignInFrom(email, fromAddress())).url).toBe(`${env.APP_URL}/sign-in/check-email`);
    }
    await until("the queued mails to be sent", async () => {
      const rows = await signInJobs([email]);
      return rows.length > 0 && rows.every((row) => row.state === "completed") ? rows : undefined;
    });
    expect(await signInJobs([email])).toHaveLength(5);
    expect(smtp.to(email)).toHaveLength(5);
  });

  it("takes at most RATE_LIMIT_SIGN_IN_ADDRESS asks a window from one client address, answering every ask the same", async () => {
    const headers = fromAddress();
    const strangers = Array.from({ length: 22 }, (_, index) => address(`asker-${index}`));
    for (const email of strangers) expect((await askSignInFrom(email, headers)).url).toBe(`${env.APP_URL}/sign-in/check-email`);
    expect(await signInJobs(strangers)).toHaveLength(20);
  });

  it("prunes expired sign-in links on a schedule, keeping live ones", async () => {
    const expired = address("expired-link");
    const live = address("live-link");
    await db().verificationToken.createMany({
      data: [
        { identifier: expired, token: randomBytes(32).toString("hex"), expires: new Date(Date.now() - 60_000) },
        { identifier: live, token: randomBytes(32).toString("hex"), expires: new Date(Date.now() + 600_000) },
      ],
    });
    await enqueue("prune-verification-tokens", {});
    await until("the expired link to be pruned", async () =>
      (await db().verificationToken.count({ where: { identifier: expired } })) === 0 ? true : undefined,
    );
    expect(await db().verificationToken.count({ where: { identifier: live } })).toBe(1);
  });

  it("refuses an expired link", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "expired");
    const email = address("late");
    await claim(partner.apiKey, workspaceId, { email });
    const mail = await smtp.waitFor(email);
    await db().verificationToken.updateMany({ where: { identifier: email }, data: { expires: new Date(Date.now() - 1000) } });
    const late = await followSignInLink(linkIn(mail, `${env.APP_URL}/api/auth/callback/email?`));
    expect(late.location).toBe(`${env.APP_URL}/sign-in/failed?error=Verification`);
    expect(late.cookie).toBeUndefined();
  });

  it("sends a signed-in visitor only to a return path on this site", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "return-path");
    const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId } });
    const email = address("returning");
    const user = await db().user.create({ data: { email } });
    await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "manager" } });
    const cookie = await signInByMail(signIn(), email);

    for (const callbackUrl of [
      "%2F%09%2Fevil.example",
      "%2F%0A%2Fevil.example",
      "%2F%5Cevil.example",
      "https%3A%2F%2Fevil.example%2F",
    ]) {
      const response = await page(`/sign-in?callbackUrl=${callbackUrl}`, cookie);
      expect(response.status, callbackUrl).toBe(307);
      expect(response.headers.get("location"), callbackUrl).toBe("/home");
    }
    const onSite = await page(`/sign-in?callbackUrl=${encodeURIComponent(`${env.APP_URL}/settings`)}`, cookie);
    expect(onSite.headers.get("location")).toBe("/settings");
  });

  it("sends a visitor without a session to sign-in and back to the page", async () => {
    const response = await page("/reports/6f1c3c1e-0000-4000-8000-000000000000");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/sign-in?callbackUrl=%2Freports%2F6f1c3c1e-0000-4000-8000-000000000000");
  });
});

describe("staff seats (npm run admin -- seats ...)", () => {
  it("give an owner seat to a newcomer by mail, claiming the workspace when they sign in; change and remove it", async () => {
    const partner = await createTestPartner();
    const workspaceId = await provisioned(partner, "staff-seat");
    const email = address("new-owner");
    const where = ["--partner", partner.partnerId, "--workspace", workspaceId];

    const given = await admin("seats", "set", ...where, "--email", email.toUpperCase(), "--role", "owner");
    expect(given).toMatchObject({
      partner_id: partner.partnerId,
      workspace_id: workspaceId,
      email,
      role: "owner",
      created: true,
      invited: true,
    });
    // An owner seat alone does not claim the workspace: signing in does.
    expect(await claimState(partner.apiKey, workspaceId)).toBe("unclaimed");
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("You're invited to Harbour Homes staff-seat on Walkthrough");
    const signedIn = await followSignInLink(linkIn(mail, `${env.APP_URL}/api/auth/callback/email?`));
    expect(signedIn.cookie).toBeDefined();
    expect(await claimState(partner.apiKey, workspaceId)).toBe("claimed");
    // The partner can no longer hand the workspace to someone else.
    expectError(await claim(partner.apiKey, workspaceId, { email: address("other") }), 409, "workspace_already_claimed");

    const listed = await admin<{ seats: { email: string; role: string; joined: boolean }[] }>("seats", "list", ...where);
    expect(listed.seats).toEqual([{ seat_id: given.seat_id, email, role: "owner", joined: true }]);
    const changed = await admin("seats", "set", ...where, "--email", email, "--role", "viewer");
    expect(changed).toMatchObject({ seat_id: given.seat_id, role: "viewer", created: false, invited: false });
    expect(await admin("seats", "remove", ...where, "--email", email)).toMatchObject({ removed: true });
    expect(await admin("seats", "remove", ...where, "--email", email)).toMatchObject({ removed: false });
    expect(smtp.to(email)).toHaveLength(1);

    const badRole = await runAdmin(["seats", "set", ...where, "--email", email, "--role", "admin"], adminEnv());
    expect([badRole.code, badRole.stderr]).toEqual([2, expect.stringContaining("--role must be one of owner, manager, viewer")]);
    const badAddress = await runAdmin(
      ["seats", "set", ...where, "--email", "someone@example.test", "--role", "manager"],
      adminEnv(),
    );
    expect([badAddress.code, badAddress.stderr]).toEqual([2, expect.stringContaining("not an address mail can be sent to")]);
    const otherPartner = await runAdmin(
      ["seats", "list", "--partner", (await createTestPartner()).partnerId, "--workspace", workspaceId],
      adminEnv(),
    );
    expect([otherPartner.code, otherPartner.stderr]).toEqual([1, expect.stringContaining(`No workspace "${workspaceId}"`)]);
  });
});

describe("delivery of released reports", () => {
  const items = ["Kitchen wiped", "Beds made"];

  /** A workspace whose people have these choices, and a walkthrough released in it with these findings and verdicts. */
  async function releasedWith(options: {
    seats: { minimumSeverity: "MINOR" | "MODERATE" | "MAJOR"; receiveMissedSteps: boolean }[];
    findings: ("MINOR" | "MODERATE" | "MAJOR")[];
    missBeds: boolean;
  }) {
    const partner = await createTestPartner();
    await admin("webhook", "set", "--partner", partner.partnerId, "--url", receiver.url);
    const workspaceId = await readyWorkspace(partner.apiKey, "delivery", [item("home-1")]);
    const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId, partnerId: partner.partnerId } });
    const put = await call("PUT", "/v1/properties/home-1/checklist", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
      body: { items: items.map((name) => ({ name })) },
    });
    expect(put.status).toBe(200);
    const people = [];
    for (const choice of options.seats) {
      const user = await db().user.create({ data: { email: address("pm") } });
      await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "manager", ...choice } });
      people.push(user.email);
    }
    const walk = await sealedWalkthrough(partner.apiKey, {
      workspaceId,
      taps: [{ name: items[0]!, atSeconds: 1 }, ...(options.missBeds ? [] : [{ name: items[1]!, atSeconds: 3 }])],
      finishAnyway: options.missBeds ? [items[1]!] : [],
    });
    const inspection = await until(
      "the release",
      async () => {
        const row = await db().inspection.findUniqueOrThrow({ where: { id: walk.inspectionId } });
        return row.status === "completed" ? row : undefined;
      },
      90_000,
      250,
    );
    // inspection.completed says what the mail did.
    const completed = await until(
      "inspection.completed",
      async () =>
        receiver.received
          .map((delivery) => JSON.parse(delivery.body) as { inspection_id?: string; event_type?: string; delivery?: unknown })
          .find((body) => body.inspection_id === walk.inspectionId && body.event_type === "inspection.completed"),
      30_000,
      100,
    );
    expect(completed.delivery).toEqual({ sent: inspection.deliverySent, reason: inspection.deliveryReason });
    return { inspection, people };
  }

  it("decides sent and reason from each seat's choices and mails those whose choices the report meets", async () => {
    provider.reset();
    provider.setFindings([
      {
        atSeconds: 0,
        room: "Kitchen",
        description: "The oven door glass is cracked.",
        severity: "MAJOR",
        category: "damage",
        confidence: 0.95,
      },
    ]);
    const findings = await releasedWith({
      seats: [
        { minimumSeverity: "MAJOR", receiveMissedSteps: false },
        { minimumSeverity: "MAJOR", receiveMissedSteps: false },
      ],
      findings: ["MAJOR"],
      missBeds: false,
    });
    expect([findings.inspection.deliverySent, findings.inspection.deliveryReason]).toEqual([true, "findings"]);
    for (const person of findings.people) {
      const mail = await smtp.waitFor(person);
      expect(mail.subject).toMatch(/^Not ready: .+ — inspection report$/);
      expect(mail.text).toContain("1 major finding");
      expect(linkIn(mail, env.APP_URL!)).toBe(`${env.APP_URL}/reports/${findings.inspection.id}`);
    }

    provider.setFindings([
      {
        atSeconds: 0,
        room: "Bath",
        description: "A towel is on the floor.",
        severity: "MINOR",
        category: "cleaning",
        confidence: 0.95,
      },
    ]);
    const below = await releasedWith({
      seats: [{ minimumSeverity: "MODERATE", receiveMissedSteps: true }],
      findings: ["MINOR"],
      missBeds: false,
    });
    expect([below.inspection.deliverySent, below.inspection.deliveryReason]).toEqual([false, "below_threshold"]);

    provider.setFindings([]);
    const missed = await releasedWith({
      seats: [
        { minimumSeverity: "MAJOR", receiveMissedSteps: false },
        { minimumSeverity: "MAJOR", receiveMissedSteps: true },
      ],
      findings: [],
      missBeds: true,
    });
    expect([missed.inspection.deliverySent, missed.inspection.deliveryReason]).toEqual([true, "missed_checklist_steps"]);
    expect((await smtp.waitFor(missed.people[1]!)).text).toContain("1 missed item");

    const clean = await releasedWith({
      seats: [{ minimumSeverity: "MINOR", receiveMissedSteps: false }],
      findings: [],
      missBeds: true,
    });
    expect([clean.inspection.deliverySent, clean.inspection.deliveryReason]).toEqual([false, "clean"]);
    const nobody = await releasedWith({ seats: [], findings: [], missBeds: false });
    expect([nobody.inspection.deliverySent, nobody.inspection.deliveryReason]).toEqual([false, "clean"]);

    // Those not sent to get nothing, and nobody gets a report twice: a report is mailed only by
    // its mail-report job (queued with the release when sent), so once every one has run, all is in.
    const released = [findings, below, missed, clean, nobody].map((released) => released.inspection.id);
    await until("the report mail jobs to run", async () => {
      const jobs = await db().$queryRaw<{ state: string }[]>`
        SELECT state::text AS state FROM pgboss.job WHERE name = 'mail-report' AND data->>'inspectionId' = ANY(${released})`;
      return jobs.length === 2 && jobs.every((job) => job.state === "completed") ? jobs : undefined;
    });
    expect(smtp.to(missed.people[0]!)).toEqual([]);
    for (const person of [...below.people, ...clean.people]) expect(smtp.to(person)).toEqual([]);
    for (const person of findings.people) expect(smtp.to(person)).toHaveLength(1);
  });
});
