import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollCalendar } from "../../lib/connectors/ical/poll-calendar";
import { claimDueCalendars, countDueCalendars, pollDueCalendars } from "../../lib/connectors/ical/poll-due-calendars";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { runAdmin, runAdminJson } from "../support/cli";
import { localFetchOptions, type PhotoServer, startPhotoServer } from "../support/https-photo-server";
import { until } from "../support/until";
import { type WebhookReceiver } from "../support/webhook-receiver";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item, pushAndWait, snapshot } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * The connectors (lib/connectors): the catalogue, the refusal of a connector not enabled, and the
 * iCal connector end to end: a calendar served over real HTTPS by a local server, read by the
 * SSRF-safe fetcher (test names resolve to 127.0.0.1, nothing else relaxed), its changes sent as
 * signed `reservation.*` events to a real receiver by the app's own dispatcher.
 */

let calendars: PhotoServer;
let receiver: WebhookReceiver;
let databaseUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  calendars = await startPhotoServer();
});
afterAll(async () => {
  await calendars?.close();
});
const app = useApp({
  env: { BOOK_A_CALL_URL: "https://book.walkthrough.test/partners" },
  fakes: ["webhooks"],
  appUrl: true,
  database: "connectors",
});
beforeAll(() => {
  ({ webhooks: receiver, env, databaseUrl } = app);
});

const adminEnv = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: app.dataDir,
  APP_SECRET: env.APP_SECRET!,
  WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true",
});
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, adminEnv());

interface Stay {
  uid: string;
  start: string;
  end: string;
  status?: string;
  summary?: string;
}

/** An iCalendar export as the platforms write it (CRLF lines, all-day dates). */
function calendarText(stays: Stay[]): string {
  const events = stays.map((stay) =>
    [
      "BEGIN:VEVENT",
      `UID:${stay.uid}`,
      `DTSTART;VALUE=DATE:${stay.start.replaceAll("-", "")}`,
      `DTEND;VALUE=DATE:${stay.end.replaceAll("-", "")}`,
      `SUMMARY:${stay.summary ?? "Reserved"}`,
      ...(stay.status ? [`STATUS:${stay.status}`] : []),
      "END:VEVENT",
    ].join("\r\n"),
  );
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test rentals//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
}

/** Serves `stays` at a fresh path on the calendar server; answers the URL and a way to change what it serves. */
function serveCalendar(initial: Stay[]): { url: string; set: (stays: Stay[]) => void } {
  let stays = initial;
  const path = `/cal-${randomBytes(4).toString("hex")}.ics`;
  calendars.route(path, (_request, response) =>
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(calendarText(stays)),
  );
  return { url: `https://photos.test${path}?s=${randomBytes(8).toString("hex")}`, set: (next) => (stays = next) };
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function icalPartner(
  track: "inspections" | "reservations",
): Promise<TestPartner & { workspaceId: string; secret: string }> {
  const partner = await createTestPartner();
  const workspaceId = await readyWorkspace(partner.apiKey, "ical", [item("home-1"), item("home-2"), item("home-3")]);
  await admin("connectors", "enable", "--partner", partner.partnerId, "--workspace", workspaceId, "--platform", "ical");
  await admin("partner", "track", "--partner", partner.partnerId, "--track", track);
  const { api_key: apiKey } = await admin<{ api_key: string }>(
    "key",
    "create",
    "--partner",
    partner.partnerId,
    "--scopes",
    "read:reservations,read:workspaces",
  );
  const { secret } = await admin<{ secret: string }>("webhook", "set", "--partner", partner.partnerId, "--url", receiver.url);
  return { ...partner, apiKey, workspaceId, secret };
}

const setCalendar = (key: string, workspaceId: string, propertyId: string, url: string) =>
  call("PUT", "/connectors/ical/calendars", {
    key,
    query: { workspace_id: workspaceId, property_id: propertyId },
    body: { url },
  });

async function propertyUuid(workspaceId: string, partnerId: string, propertyId: string): Promise<string> {
  const row = await db().property.findFirstOrThrow({
    where: { externalId: propertyId, workspace: { externalId: workspaceId, partnerId } },
    select: { id: true },
  });
  return row.id;
}

interface ReservationEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  workspace_id: string;
  reservation: Record<string, unknown> & { reservation_id: string; revision: number };
  changes?: Record<string, { old: string; new: string }>;
}

/** The events of a family delivered for one workspace, verified against the receiver's secret. */
function eventsFor<T = ReservationEvent>(workspaceId: string, secret: string, family = "reservation"): T[] {
  return receiver.received
    .filter((delivery) => {
      const body = JSON.parse(delivery.body) as { event_type: string; workspace_id?: string };
      return body.event_type.startsWith(`${family}.`) && body.workspace_id === workspaceId;
    })
    .map((delivery) => new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as T);
}

interface WorkspaceEvent {
  event_type: string;
  import_id?: string;
  workspace: { workspace_id: string; roster: { revision: number; present_count: number }; claim: { state: string } };
}

describe("the catalogue", () => {
  it("lists every platform with its status and what enabling it takes, as JSON without a key, and as a page for people", async () => {
    const answer = await call("GET", "/connectors");
    expect(answer.status).toBe(200);
    const data = answer.body.data as {
      platform: string;
      status: string;
      enabling: string;
      operations: { name: string; url: string }[];
    }[];
    expect(data.find((entry) => entry.platform === "ical")).toMatchObject({
      status: "available",
      operations: [{ name: "calendars" }, { name: "reservations" }],
    });
    expect(data.filter((entry) => entry.status === "request_access").length).toBeGreaterThan(0);
    expect(data.every((entry) => entry.enabling.length > 0 && ["available", "request_access"].includes(entry.status))).toBe(true);
    expect(answer.body.book_a_call_url).toBe("https://book.walkthrough.test/partners");

    const browser = await fetch(new URL("/connectors", app.baseUrl), {
      headers: { accept: "text/html,application/xhtml+xml" },
      redirect: "manual",
    });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/docs/connectors");
    const page = await fetch(new URL("/docs/connectors", app.baseUrl));
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const entry of data) expect(html).toContain(`/connectors/${entry.platform}/${entry.operations[0]!.name}`);
  });
});

describe("a connector not enabled", () => {
  it("answers 403 connector_not_enabled with next_steps after the key and the workspace; an operation the catalogue does not name is 404", async () => {
    const partner = await createTestPartner();
    const workspaceId = await readyWorkspace(partner.apiKey, "refuse");
    const key = partner.apiKey;
    const nextSteps = { book_a_call_url: "https://book.walkthrough.test/partners", catalog_url: `${env.APP_URL}/connectors` };

    expectError(
      await call("GET", "/connectors/guesty/reservations", { query: { workspace_id: workspaceId } }),
      401,
      "invalid_key",
    );
    expect(expectError(await call("GET", "/connectors/guesty/reservations", { key }), 400, "missing_parameter").detail).toEqual({
      parameter: "workspace_id",
    });
    expectError(
      await call("GET", "/connectors/guesty/reservations", { key, query: { workspace_id: "nobody" } }),
      404,
      "workspace_not_provisioned",
    );
    expect(
      expectError(
        await call("GET", "/connectors/guesty/reservations", { key, query: { workspace_id: workspaceId } }),
        403,
        "connector_not_enabled",
      ).next_steps,
    ).toEqual(nextSteps);
    expectError(
      await call("GET", "/connectors/nowhere/reservations", { key, query: { workspace_id: workspaceId } }),
      404,
      "not_found",
    );
    expectError(
      await call("GET", "/connectors/ical/everything", { key, query: { workspace_id: workspaceId } }),
      404,
      "not_found",
    );
    // Paths with too few or too many segments are not found either, in the envelope.
    expectError(await call("GET", "/connectors/ical", { key }), 404, "not_found");
    expectError(await call("GET", "/connectors/ical/reservations/extra", { key }), 404, "not_found");

    // iCal is available, but not for this workspace until staff enable it.
    const refused = expectError(
      await call("GET", "/connectors/ical/reservations", { key, query: { workspace_id: workspaceId } }),
      403,
      "connector_not_enabled",
    );
    expect(refused.next_steps).toEqual(nextSteps);
    const before = await db().reservationCalendar.count();
    expectError(await setCalendar(key, workspaceId, "home-1", "https://photos.test/x.ics"), 403, "connector_not_enabled");
    expect(await db().reservationCalendar.count()).toBe(before);

    // A request_access connector cannot be enabled; iCal can, and then answers.
    const notBuilt = await runAdmin(
      ["connectors", "enable", "--partner", partner.partnerId, "--workspace", workspaceId, "--platform", "guesty"],
      adminEnv(),
    );
    expect(notBuilt.code).not.toBe(0);
    expect(notBuilt.stderr).toContain("not built yet");
    await admin("connectors", "enable", "--partner", partner.partnerId, "--workspace", workspaceId, "--platform", "ical");
    const listed = await call("GET", "/connectors/ical/reservations", { key, query: { workspace_id: workspaceId } });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ workspace_id: workspaceId, reservations: [] });
    const shown = await admin<{ connectors: { platform: string; enabled_at?: string }[] }>(
      "connectors",
      "list",
      "--partner",
      partner.partnerId,
      "--workspace",
      workspaceId,
    );
    expect(shown.connectors.find((row) => row.platform === "ical")?.enabled_at).toEqual(expect.any(String));
    await admin("connectors", "disable", "--partner", partner.partnerId, "--workspace", workspaceId, "--platform", "ical");
    expectError(
      await call("GET", "/connectors/ical/reservations", { key, query: { workspace_id: workspaceId } }),
      403,
      "connector_not_enabled",
    );
  });
});

describe("the iCal connector", () => {
  it("refuses a link the fetcher may not fetch, naming url; answers the host only, never the link", async () => {
    const partner = await icalPartner("reservations");
    for (const url of [
      "http://photos.test/cal.ics",
      "https://user:pw@photos.test/cal.ics",
      "https://photos.test:8443/cal.ics",
      "not a url",
    ]) {
      expect(
        expectError(await setCalendar(partner.apiKey, partner.workspaceId, "home-1", url), 400, "invalid_request").detail,
      ).toEqual({ parameter: "url" });
    }
    expect(
      await db().reservationCalendar.count({ where: { property: { workspace: { externalId: partner.workspaceId } } } }),
    ).toBe(0);
    expectError(
      await setCalendar(partner.apiKey, partner.workspaceId, "not-a-home", "https://photos.test/cal.ics"),
      404,
      "property_not_found",
    );

    const served = serveCalendar([]);
    const set = await setCalendar(partner.apiKey, partner.workspaceId, "home-1", served.url.replace("https://", "webcal://"));
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      workspace_id: partner.workspaceId,
      property_id: "home-1",
      calendar_host: "photos.test",
      created_at: expect.any(String),
    });
    expect(set.text).not.toContain("?s=");
    const read = await call("GET", "/connectors/ical/calendars", {
      key: partner.apiKey,
      query: { workspace_id: partner.workspaceId, property_id: "home-1" },
    });
    expect(read.body).toEqual(set.body);
    const removed = await call("DELETE", "/connectors/ical/calendars", {
      key: partner.apiKey,
      query: { workspace_id: partner.workspaceId, property_id: "home-1" },
    });
    expect(removed.body).toEqual({ workspace_id: partner.workspaceId, property_id: "home-1" });
  });

  it("turns a calendar's new, changed, cancelled and vanished stays into signed reservation events ordered by revision", async () => {
    const partner = await icalPartner("reservations");
    const home = await propertyUuid(partner.workspaceId, partner.partnerId, "home-1");
    const served = serveCalendar([
      { uid: "stay-a@rentals", start: future(3), end: future(6) },
      { uid: "stay-b@rentals", start: future(10), end: future(12) },
      { uid: "block@rentals", start: future(20), end: future(22), summary: "Airbnb (Not available)" },
    ]);
    expect((await setCalendar(partner.apiKey, partner.workspaceId, "home-1", served.url)).status).toBe(200);

    // The scheduler's claim finds the new calendar due, and polls it through the fetcher. (An hour
    // ahead: the app's own schedule may have tried it first, without the test's DNS.)
    const outcomes = await pollDueCalendars(localFetchOptions(calendars), new Date(Date.now() + 3_600_000));
    expect(outcomes).toContainEqual({ ok: true, changes: 2 });
    const created = await until("two reservation.created events", async () => {
      const events = eventsFor(partner.workspaceId, partner.secret);
      return events.length >= 2 ? events : undefined;
    });
    expect(created.map((event) => event.event_type)).toEqual(["reservation.created", "reservation.created"]);
    const stayA = created.find((event) => event.reservation.check_in === future(3))!;
    expect(stayA.reservation).toEqual({
      reservation_id: expect.any(String),
      workspace_id: partner.workspaceId,
      property_id: "home-1",
      status: "confirmed",
      revision: 1,
      version: 1,
      check_in: future(3),
      check_out: future(6),
    });

    // Stay A moves a day, stay B disappears from the export (cancelled), a new stay C arrives cancelled.
    served.set([
      { uid: "stay-a@rentals", start: future(3), end: future(7) },
      { uid: "stay-c@rentals", start: future(30), end: future(32), status: "CANCELLED" },
    ]);
    expect(await pollCalendar(home, localFetchOptions(calendars))).toEqual({ ok: true, changes: 2 });
    const updates = await until("two reservation.updated events", async () => {
      const events = eventsFor(partner.workspaceId, partner.secret).filter((event) => event.event_type === "reservation.updated");
      return events.length >= 2 ? events : undefined;
    });
    const moved = updates.find((event) => event.reservation.reservation_id === stayA.reservation.reservation_id)!;
    expect(moved.changes).toEqual({ check_out: { old: future(6), new: future(7) } });
    expect(moved.reservation.revision).toBe(2);
    const cancelled = updates.find((event) => event.reservation.reservation_id !== stayA.reservation.reservation_id)!;
    expect(cancelled.changes).toEqual({ status: { old: "confirmed", new: "cancelled" } });
    expect(cancelled.reservation).toMatchObject({ status: "cancelled", revision: 2, check_in: future(10) });

    // The same calendar again changes nothing and sends nothing.
    expect(await pollCalendar(home, localFetchOptions(calendars))).toEqual({ ok: true, changes: 0 });

    // The list: by check-in, a page at a time, the cursor bound to its filter.
    const first = await call("GET", "/connectors/ical/reservations", {
      key: partner.apiKey,
      query: { workspace_id: partner.workspaceId, limit: "2" },
    });
    const firstPage = first.body.reservations as { check_in: string; status: string; revision: number }[];
    expect(firstPage.map((stay) => [stay.check_in, stay.status, stay.revision])).toEqual([
      [future(3), "confirmed", 2],
      [future(10), "cancelled", 2],
    ]);
    const second = await call("GET", "/connectors/ical/reservations", {
      key: partner.apiKey,
      query: { workspace_id: partner.workspaceId, limit: "2", cursor: first.body.next_cursor as string },
    });
    expect((second.body.reservations as { check_in: string }[]).map((stay) => stay.check_in)).toEqual([future(30)]);
    expect(second.body.next_cursor).toBeUndefined();
    const foreign = await call("GET", "/connectors/ical/reservations", {
      key: partner.apiKey,
      query: { workspace_id: partner.workspaceId, status: "confirmed", cursor: first.body.next_cursor as string },
    });
    expect(expectError(foreign, 400, "invalid_request").detail).toEqual({ parameter: "cursor" });

    // A calendar that stops answering records why, and the stays stay as they were.
    served.set([]);
    calendars.route(new URL(served.url).pathname, (_request, response) => response.writeHead(503).end());
    expect(await pollCalendar(home, localFetchOptions(calendars))).toEqual({ ok: false, error: "http_status_503" });
    const read = await call("GET", "/connectors/ical/calendars", {
      key: partner.apiKey,
      query: { workspace_id: partner.workspaceId, property_id: "home-1" },
    });
    expect(read.body.last_error).toBe("http_status_503");
    expect(await db().reservation.count({ where: { propertyId: home, status: "confirmed" } })).toBe(1);
  });

  it("sends workspace events and the stub for a home switched off on the track; nothing to a partner on the inspections track, nor without the scope", async () => {
    const onTrack = await icalPartner("reservations");
    const served = serveCalendar([{ uid: "stay-d@rentals", start: future(4), end: future(5) }]);
    expect((await setCalendar(onTrack.apiKey, onTrack.workspaceId, "home-2", served.url)).status).toBe(200);
    // home-2 leaves the roster: switched off, so its stays go as the stub. The applied run is a workspace event.
    const run = await pushAndWait(onTrack.apiKey, onTrack.workspaceId, snapshot([item("home-1"), item("home-3")]));
    expect(run.status).toBe("applied");
    const applied = await until("workspace.roster_applied", async () =>
      eventsFor<WorkspaceEvent>(onTrack.workspaceId, onTrack.secret, "workspace").find(
        (event) => event.event_type === "workspace.roster_applied",
      ),
    );
    expect(applied.import_id).toBe(run.import_id);
    expect(applied.workspace).toMatchObject({
      workspace_id: onTrack.workspaceId,
      roster: { present_count: 2 },
      claim: { state: "unclaimed" },
    });

    // An owner seat given to someone who has signed in before claims the workspace: workspace.claimed.
    const owner = await db().user.create({
      data: { email: `owner-${randomBytes(4).toString("hex")}@harbour-homes.com`, emailVerified: new Date() },
    });
    await admin(
      "seats",
      "set",
      "--partner",
      onTrack.partnerId,
      "--workspace",
      onTrack.workspaceId,
      "--email",
      owner.email,
      "--role",
      "owner",
    );
    const claimed = await until("workspace.claimed", async () =>
      eventsFor<WorkspaceEvent>(onTrack.workspaceId, onTrack.secret, "workspace").find(
        (event) => event.event_type === "workspace.claimed",
      ),
    );
    expect(claimed.workspace.claim.state).toBe("claimed");

    const home2 = await propertyUuid(onTrack.workspaceId, onTrack.partnerId, "home-2");
    await pollCalendar(home2, localFetchOptions(calendars));
    const [stub] = await until("the stub", async () => {
      const events = eventsFor(onTrack.workspaceId, onTrack.secret);
      return events.length >= 1 ? events : undefined;
    });
    expect(stub!.reservation).toEqual({
      reservation_id: expect.any(String),
      workspace_id: onTrack.workspaceId,
      status: "confirmed",
      revision: 1,
      version: 1,
    });

    // The other track: the events are not even recorded, workspace ones included.
    const offTrack = await icalPartner("inspections");
    expect((await pushAndWait(offTrack.apiKey, offTrack.workspaceId, snapshot([item("home-1"), item("home-2")]))).status).toBe(
      "applied",
    );
    const other = serveCalendar([{ uid: "stay-e@rentals", start: future(4), end: future(5) }]);
    expect((await setCalendar(offTrack.apiKey, offTrack.workspaceId, "home-1", other.url)).status).toBe(200);
    expect(
      await pollCalendar(await propertyUuid(offTrack.workspaceId, offTrack.partnerId, "home-1"), localFetchOptions(calendars)),
    ).toEqual({ ok: true, changes: 1 });
    expect(
      await db().webhookEvent.count({
        where: {
          partnerId: offTrack.partnerId,
          OR: [{ eventType: { startsWith: "reservation." } }, { eventType: { startsWith: "workspace." } }],
        },
      }),
    ).toBe(0);

    // On the track but no active key holds read:reservations: recorded, then skipped when its turn comes.
    const keys = await db().apiKey.findMany({ where: { partnerId: onTrack.partnerId, scopes: { has: "read:reservations" } } });
    for (const key of keys) await admin("key", "revoke", "--key", key.id);
    served.set([{ uid: "stay-d@rentals", start: future(4), end: future(6) }]);
    await pollCalendar(home2, localFetchOptions(calendars));
    const skipped = await until(
      "the skipped delivery",
      async () =>
        (await db().webhookDelivery.findFirst({
          where: { partnerId: onTrack.partnerId, status: "skipped", event: { eventType: "reservation.updated" } },
        })) ?? undefined,
    );
    expect(skipped.skipReason).toBe("no_key_with_scope");
  });

  it("shares the due calendars between workers: claims made at once take disjoint batches, and together every due calendar once", async () => {
    const partner = await createTestPartner();
    const homes = Array.from({ length: 12 }, (_, index) => `home-${index + 1}`);
    const workspaceId = await readyWorkspace(
      partner.apiKey,
      "ical-many",
      homes.map((home) => item(home)),
    );
    await admin("connectors", "enable", "--partner", partner.partnerId, "--workspace", workspaceId, "--platform", "ical");
    const properties = await db().property.findMany({
      where: { workspace: { externalId: workspaceId, partnerId: partner.partnerId } },
      select: { id: true },
    });
    expect(properties).toHaveLength(12);
    // Claimed only in the test's future: the app's own schedule, at the real time, never sees them due.
    await db().reservationCalendar.createMany({
      data: properties.map(({ id }) => ({ propertyId: id, urlEncrypted: "not-a-real-link", urlHint: "https://cal.test" })),
    });
    const at = new Date(Date.now() + 2 * 86_400_000);
    const due = await countDueCalendars(at, 10_000);
    expect(due).toBeGreaterThanOrEqual(12);

    // Two workers' claims at the same moment, 5 each: two batches, nothing in both.
    const [first, second] = await Promise.all([claimDueCalendars(at, 5), claimDueCalendars(at, 5)]);
    expect([first.length, second.length]).toEqual([5, 5]);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    // Claiming on until none is left: every due calendar exactly once.
    const rest: string[] = [];
    for (let batch = await claimDueCalendars(at, 5); batch.length > 0; batch = await claimDueCalendars(at, 5))
      rest.push(...batch);
    const all = [...first, ...second, ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(due);
    expect(all).toEqual(expect.arrayContaining(properties.map(({ id }) => id)));
    expect(await countDueCalendars(at, 10_000)).toBe(0);
  });
});
