import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { enqueue } from "../../lib/queue/enqueue";
import { holdReview, nextToReview, reviewHoldMinutes } from "../../lib/review/review-holds";
import { runAdminJson } from "../support/cli";
import { useApp } from "../support/use-app";
import { sessionCookieFor } from "../fixtures/released-report";
import { seedWaitingReview, staffUser } from "../fixtures/waiting-review";

/*
 * Review holds (lib/review/review-holds.ts) on a database of their own, so the queue holds only
 * this file's walkthroughs: one holder per walkthrough, decided by the database; expiry and
 * renewal; two reviewers asking for the next one at once; take-over and the CLI's override, both
 * audited; a decision refused while another reviewer holds the walkthrough.
 */

const app = useApp({ env: {}, appUrl: true, database: "review_holds" });

type Reviewer = { id: string; email: string; name?: string; cookie: string };
let ana: Reviewer;
let ben: Reviewer;

const address = (label: string) => `${label}-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;

async function reviewer(label: string, name: string): Promise<Reviewer> {
  const user = await staffUser(address(label), name);
  return { ...user, cookie: await sessionCookieFor(user.email) };
}

async function send(who: Reviewer, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, app.baseUrl), {
    method,
    headers: {
      origin: app.env.APP_URL!,
      cookie: who.cookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: text.startsWith("{") ? JSON.parse(text) : text,
  };
}

const lease = (inspectionId: string) => db().reviewLease.findUnique({ where: { inspectionId } });
/** Every waiting walkthrough of earlier tests leaves the queue, so each test reads its own. */
const emptyQueue = () => db().inspection.updateMany({ where: { status: "processing" }, data: { status: "failed" } });

beforeAll(async () => {
  ana = await reviewer("ana", "Ana");
  ben = await reviewer("ben", "Ben");
});

beforeEach(emptyQueue);

describe("holding a walkthrough", () => {
  it("is taken when free, refused to another reviewer naming the holder, and free again once it expires", async () => {
    const { inspectionId } = await seedWaitingReview({ homeName: "Pine Lodge", sealedMinutesAgo: 5 });
    expect(await holdReview(inspectionId, ana)).toEqual({ held: true });
    const refused = await holdReview(inspectionId, ben);
    expect(refused).toMatchObject({ held: false, holder: { userId: ana.id, label: "Ana" } });
    const taken = await lease(inspectionId);
    const minutes = (taken!.expiresAt.getTime() - taken!.takenAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(reviewHoldMinutes, 1);

    // Ten minutes without activity: the hold lapses and Ben may take it.
    await db().reviewLease.update({ where: { inspectionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await holdReview(inspectionId, ben)).toEqual({ held: true });
    expect((await lease(inspectionId))!.holderId).toBe(ben.id);
  });

  it("is renewed by the desk's call and by every decision, and refuses another reviewer's decision with 409 naming the holder", async () => {
    const { inspectionId, itemIds } = await seedWaitingReview({ homeName: "Oak Barn", sealedMinutesAgo: 5, items: 2 });
    expect(await send(ana, "POST", `/api/console/review/${inspectionId}/hold`, {})).toMatchObject({
      status: 200,
      body: { held: true },
    });
    const soon = new Date(Date.now() + 60_000);
    await db().reviewLease.update({ where: { inspectionId }, data: { expiresAt: soon } });
    expect(await send(ana, "POST", `/api/console/review/${inspectionId}/hold`, {})).toMatchObject({ status: 200 });
    const renewed = (await lease(inspectionId))!.expiresAt;
    expect(renewed.getTime()).toBeGreaterThan(soon.getTime() + 8 * 60_000);

    // Ben's renewal call says who holds it; his decision is refused and changes nothing.
    expect(await send(ben, "POST", `/api/console/review/${inspectionId}/hold`, {})).toMatchObject({
      status: 200,
      body: { held: false, holder: "Ana" },
    });
    const refused = await send(ben, "POST", `/api/console/review/${inspectionId}/items/${itemIds[0]}`, { state: "verified" });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "held_by_other" } } });
    expect(refused.body.error.message).toMatch(/^Ana is reviewing this walkthrough/);
    expect((await db().inspectionItem.findFirstOrThrow({ where: { inspectionId, itemId: itemIds[0] } })).state).toBe("pending");

    // Ana's decision goes through and renews her hold.
    await db().reviewLease.update({ where: { inspectionId }, data: { expiresAt: soon } });
    expect(
      await send(ana, "POST", `/api/console/review/${inspectionId}/items/${itemIds[0]}`, { state: "verified" }),
    ).toMatchObject({
      status: 200,
    });
    expect((await lease(inspectionId))!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 8 * 60_000);

    // Released by Ana: Ben may take it.
    expect(await send(ana, "DELETE", `/api/console/review/${inspectionId}/hold`)).toMatchObject({ status: 200 });
    expect(await lease(inspectionId)).toBeNull();
    expect(await send(ben, "POST", `/api/console/review/${inspectionId}/items/${itemIds[1]}`, { state: "missed" })).toMatchObject(
      {
        status: 200,
      },
    );
    expect((await lease(inspectionId))!.holderId).toBe(ben.id);
    // Every item is decided, yet the report waits for the reviewer's release.
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).status).toBe("processing");
    expect(await send(ben, "POST", `/api/console/review/${inspectionId}/release`, {})).toMatchObject({
      status: 200,
      body: { status: "completed" },
    });
  });

  it("is taken over explicitly, and the take-over is audited with whom it was taken from", async () => {
    const { inspectionId, partnerId } = await seedWaitingReview({ homeName: "Elm Cottage", sealedMinutesAgo: 5 });
    await holdReview(inspectionId, ana);
    expect(await send(ben, "POST", `/api/console/review/${inspectionId}/take-over`, {})).toMatchObject({
      status: 200,
      body: { held: true },
    });
    expect((await lease(inspectionId))!.holderId).toBe(ben.id);
    const entry = await db().auditEntry.findFirstOrThrow({ where: { objectId: inspectionId, action: "review.take_over" } });
    expect(entry).toMatchObject({ actorId: ben.id, actor: ben.email, partnerId, detail: { from: "Ana" } });
    // Ana's desk now hears who holds it.
    expect(await send(ana, "POST", `/api/console/review/${inspectionId}/hold`, {})).toMatchObject({
      body: { held: false, holder: "Ben" },
    });
  });
});

describe("the next walkthrough to review", () => {
  it("is the oldest nobody holds, and reviewers asking at once never get the same one", async () => {
    const seeded = [];
    for (const [index, home] of ["A", "B", "C", "D", "E", "F"].entries())
      seeded.push(await seedWaitingReview({ homeName: `Home ${home}`, sealedMinutesAgo: 100 - index }));
    const reviewers = [ana, ben];
    for (const label of ["cy", "di", "ed", "flo"]) reviewers.push(await reviewer(label, label));
    // The oldest is held by someone not asking: it is passed over.
    const holder = await reviewer("gus", "Gus");
    await holdReview(seeded[0]!.inspectionId, holder);

    const picked = await Promise.all(reviewers.map((who) => nextToReview(who)));
    expect(picked.filter(Boolean)).toHaveLength(5);
    expect(new Set(picked.filter(Boolean)).size).toBe(5);
    expect(picked).toContain(undefined);
    expect(new Set(picked.filter(Boolean))).toEqual(new Set(seeded.slice(1).map((walk) => walk.inspectionId)));
    const holders = await db().reviewLease.findMany({ where: { inspectionId: { in: seeded.map((walk) => walk.inspectionId) } } });
    expect(new Set(holders.map((row) => row.holderId)).size).toBe(6);
  });

  it("over HTTP: two reviewers pressing Start reviewing at once land on different walkthroughs; with none left, the queue says so", async () => {
    for (let round = 0; round < 5; round += 1) {
      await emptyQueue();
      await db().reviewLease.deleteMany({});
      const first = await seedWaitingReview({ homeName: "North", sealedMinutesAgo: 50 });
      const second = await seedWaitingReview({ homeName: "South", sealedMinutesAgo: 40 });
      const [a, b] = await Promise.all([send(ana, "GET", "/admin/review/next"), send(ben, "GET", "/admin/review/next")]);
      const landed = [a.location, b.location].map((location) => new URL(location!, app.baseUrl).pathname).sort();
      expect(landed).toEqual([`/admin/review/${first.inspectionId}`, `/admin/review/${second.inspectionId}`].sort());
    }
    const cy = await reviewer("cy", "Cy");
    const none = await send(cy, "GET", "/admin/review/next");
    expect(new URL(none.location!, app.baseUrl).pathname + new URL(none.location!, app.baseUrl).search).toBe(
      "/admin/review?notice=nothing-waiting",
    );
  });
});

describe("releasing", () => {
  it("waits for a finding the worker is still cutting from the video, whether the desk knows of it or not", async () => {
    const { inspectionId, itemIds } = await seedWaitingReview({ homeName: "Ash Mews", sealedMinutesAgo: 5, items: 1 });
    expect(
      await send(ana, "POST", `/api/console/review/${inspectionId}/items/${itemIds[0]}`, { state: "verified" }),
    ).toMatchObject({ status: 200, body: { state: "verified" } });
    // A finding added a moment ago, its job not yet run (held back an hour so no worker takes it here).
    const jobId = await enqueue(
      "add-staff-finding",
      {
        inspectionId,
        findingId: randomUUID(),
        room: "Hall",
        description: "Scuffed skirting board",
        severity: "MINOR",
        category: "damage",
        atSeconds: 1,
      },
      { startAfterSeconds: 3600 },
    );
    expect((await send(ana, "GET", `/api/console/review/${inspectionId}`)).body).toMatchObject({ findingsBeingMade: 1 });
    const refused = await send(ana, "POST", `/api/console/review/${inspectionId}/release`, {});
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "report_not_ready" } } });
    expect(refused.body.error.message).toMatch(/still being cut/);
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).status).toBe("processing");

    await db().$executeRaw`DELETE FROM pgboss.job WHERE id = ${jobId}::uuid`;
    expect(await send(ana, "POST", `/api/console/review/${inspectionId}/release`, {})).toMatchObject({
      status: 200,
      body: { status: "completed" },
    });
  });
});

describe("the staff CLI", () => {
  it("acts whatever the holds (the operator's override) and is audited as the console's actions", async () => {
    const { inspectionId, itemIds, partnerId } = await seedWaitingReview({
      homeName: "Birch House",
      sealedMinutesAgo: 5,
      items: 1,
    });
    await holdReview(inspectionId, ana);
    const env = {
      DATABASE_URL: app.databaseUrl,
      DATA_DIR: app.dataDir,
      APP_SECRET: app.env.APP_SECRET!,
      APP_URL: app.env.APP_URL!,
    };
    // The operator sees who holds what before overriding it.
    const listed = await runAdminJson<{ inspections: { inspection_id: string; held_by?: string }[] }>(["review", "list"], env);
    expect(listed.inspections.find((entry) => entry.inspection_id === inspectionId)).toMatchObject({ held_by: "Ana" });
    const decided = await runAdminJson(
      ["review", "decide", "--inspection", inspectionId, "--item", itemIds[0]!, "--state", "verified"],
      env,
    );
    expect(decided).toMatchObject({ state: "verified", released: true });
    const entry = await db().auditEntry.findFirstOrThrow({ where: { objectId: inspectionId, action: "review.decide_item" } });
    expect(entry).toMatchObject({
      actorId: null,
      actor: "staff CLI",
      partnerId,
      detail: { item_id: itemIds[0], state: "verified", released: true, override: "cli" },
    });
  });
});
