import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { runAdmin, runAdminJson } from "../support/cli";
import { localDriverOfApp } from "../support/media";
import { until } from "../support/until";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";

/*
 * The pipeline without a provider (the embedded default): staff review. Verdicts of clear frames
 * wait as `pending`, a dark walkthrough's items are `missed` by the filming itself, staff decide
 * and add findings through the CLI, and release; the three partner reads around it.
 */

let partner: TestPartner;
let workspaceId: string;
const items = ["Kitchen wiped", "Beds made", "Mirror clean"];

beforeAll(async () => {
  partner = await createTestPartner("Review Partner");
  workspaceId = await readyWorkspace(partner.apiKey, "review", [item("home-1", { name: "Pine Lodge" }), item("bare")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
});

const status = (taskId: string) =>
  call("GET", "/v1/inspections", { key: partner.apiKey, query: { workspace_id: workspaceId, task_id: taskId } });
const findings = (inspectionId: string, workspace = workspaceId, key = partner.apiKey) =>
  call("GET", `/v1/inspections/${inspectionId}/findings`, { key, query: { workspace_id: workspace } });
const video = (inspectionId: string, workspace = workspaceId) =>
  call("GET", `/v1/inspections/${inspectionId}/video`, { key: partner.apiKey, query: { workspace_id: workspace } });

/** The staff CLI with the app's DATA_DIR and address: frames it cuts are stored where the app serves them. */
const cliEnv = () => ({ DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl });
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, cliEnv());

/** Waits until the analysis handed the walkthrough to staff. */
async function analysed(inspectionId: string): Promise<void> {
  await until(
    "the analysis to finish",
    async () => ((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).analyzedAt ? true : undefined),
    60_000,
    200,
  );
}

/** A baseline photo of the home: the test pattern's frame at `seconds`, so a finding there finds its "before". */
async function baselineAt(seconds: number): Promise<string> {
  const property = await db().property.findFirstOrThrow({
    where: { externalId: "home-1", workspace: { externalId: workspaceId, partnerId: partner.partnerId } },
  });
  const bytes = execFileSync("ffmpeg", [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=24:duration=8",
    "-ss",
    String(seconds),
    "-frames:v",
    "1",
    "-f",
    "image2",
    "-c:v",
    "mjpeg",
    "pipe:1",
  ]);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const key = `baseline-photos/${property.id}/${sha256}`;
  await localDriverOfApp().put(key, bytes, { contentType: "image/jpeg" });
  await db().baselinePhoto.create({
    data: {
      propertyId: property.id,
      storageKey: key,
      sha256,
      contentType: "image/jpeg",
      size: bytes.length,
      width: 320,
      height: 240,
      source: "partner_import",
    },
  });
  return key;
}

describe("staff review (no provider configured)", () => {
  it("leaves clear items pending for staff, reads in_progress, and releases once staff decide", async () => {
    const walk = await sealedWalkthrough(partner.apiKey, {
      workspaceId,
      taps: [
        { name: items[0]!, atSeconds: 2 },
        { name: items[1]!, atSeconds: 4 },
      ],
      finishAnyway: [items[2]!],
    });
    await analysed(walk.inspectionId);

    const before = await status(walk.taskId);
    expect(before.body).toMatchObject({
      status: "processing",
      inspection_id: walk.inspectionId,
      report: { status: "processing", stage: "analyzing" },
      media_expires_in: 900,
      checklist: { status: "in_progress", counts: { verified: 0, missed: 1, explained: 0, not_checked: 0, pending: 2 } },
    });
    const block = before.body.checklist as {
      items: { id?: string; name: string; state: string; timestamp?: number; image_url?: string }[];
    };
    expect(block.items.map((line) => [line.name, line.state])).toEqual([
      [items[0], "pending"],
      [items[1], "pending"],
      [items[2], "missed"],
    ]);
    expect(block.items[0]!.timestamp).toBe(2);
    // Spec: a pending item never shows a picture; a 'Finish anyway' item without an earlier check has none.
    expect(block.items.map((line) => line.image_url)).toEqual([undefined, undefined, undefined]);
    expectError(await findings(walk.inspectionId), 409, "report_not_ready");

    const queue = (await admin("review", "list")) as { inspections: { inspection_id: string; pending_items: number }[] };
    expect(queue.inspections.find((entry) => entry.inspection_id === walk.inspectionId)).toMatchObject({
      pending_items: 2,
      workspace_id: workspaceId,
      task_id: walk.taskId,
    });
    const shown = (await admin("review", "show", "--inspection", walk.inspectionId)) as {
      items: { name: string; still_url?: string; review_needed: boolean }[];
    };
    expect(shown.items.map((line) => [line.name, line.review_needed, line.still_url !== undefined])).toEqual([
      [items[0], true, true],
      [items[1], true, true],
      [items[2], false, false],
    ]);

    // Release is refused while an item is pending.
    const refused = await runAdmin(["review", "release", "--inspection", walk.inspectionId], cliEnv());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Decide every pending item \(2\)/);

    const baselineKey = await baselineAt(3);
    await admin("review", "decide", "--inspection", walk.inspectionId, "--item", walk.idOf(items[0]!), "--state", "verified");
    await admin(
      "review",
      "finding",
      "add",
      "--inspection",
      walk.inspectionId,
      "--room",
      "Kitchen",
      "--severity",
      "MODERATE",
      "--category",
      "cleaning",
      "--description",
      "Crumbs left on the counter.",
      "--at",
      "3",
    );
    const last = await admin<{ released: boolean }>(
      "review",
      "decide",
      "--inspection",
      walk.inspectionId,
      "--item",
      walk.idOf(items[1]!),
      "--state",
      "missed",
    );
    expect(last.released).toBe(true);

    const after = await status(walk.taskId);
    expect(after.body).toMatchObject({
      status: "completed",
      report: { status: "ready", report_url: expect.stringMatching(new RegExp(`/reports/${walk.inspectionId}$`)) },
      report_url: expect.stringMatching(new RegExp(`/reports/${walk.inspectionId}$`)),
      completed_at: expect.any(String),
      checklist: { status: "complete", counts: { verified: 1, missed: 2, explained: 0, not_checked: 0, pending: 0 } },
    });
    // Decided, the items show the still of their check.
    const decided = (after.body.checklist as { items: { image_url?: string }[] }).items;
    expect((await fetch(decided[0]!.image_url!)).status).toBe(200);
    expect(decided[1]!.image_url).toBeDefined();
    const report = await findings(walk.inspectionId);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({
      inspection_id: walk.inspectionId,
      media_expires_in: 900,
      checklist: { status: "complete" },
    });
    const [finding] = report.body.findings as {
      id: string;
      room: string;
      severity: string;
      category: string;
      evidence: { before: { url: string }[]; after: { url: string }[] };
      video_timestamp_seconds: number;
    }[];
    expect(finding).toMatchObject({
      room: "Kitchen",
      severity: "MODERATE",
      category: "cleaning",
      description: "Crumbs left on the counter.",
      video_timestamp_seconds: 3,
    });
    // The frame at 3 s is `after`; the baseline photo of the same view is `before`.
    expect(finding!.evidence.before).toHaveLength(1);
    expect(finding!.evidence.before[0]!.url).toContain(baselineKey.split("/").at(-1));
    const picture = await fetch(finding!.evidence.after[0]!.url);
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    // The same finding, the same id, on every read.
    expect(((await findings(walk.inspectionId)).body.findings as { id: string }[])[0]!.id).toBe(finding!.id);
  });

  it("calls the items of a walkthrough filmed in the dark missed, by the filming itself", async () => {
    const walk = await sealedWalkthrough(partner.apiKey, {
      workspaceId,
      taps: [{ name: items[0]!, atSeconds: 2 }],
      video: { scene: "dark" },
    });
    await analysed(walk.inspectionId);
    const line = await db().inspectionItem.findFirstOrThrow({ where: { inspectionId: walk.inspectionId } });
    expect({ state: line.state, decidedBy: line.decidedBy, reviewNeeded: line.reviewNeeded }).toEqual({
      state: "missed",
      decidedBy: "filming",
      reviewNeeded: false,
    });
    // Nothing waits for staff: the report is released on its own (just after the analysis ends).
    await until(
      "the release",
      async () => ((await status(walk.taskId)).body.status === "completed" ? true : undefined),
      20_000,
      100,
    );
  });

  it("drops an item's id once the home's list is replaced (new ids), keeping its name and result", async () => {
    const walk = await sealedWalkthrough(partner.apiKey, { workspaceId, taps: [{ name: items[0]!, atSeconds: 1 }] });
    const lines = async () => ((await status(walk.taskId)).body.checklist as { items: { id?: string; name: string }[] }).items;
    expect((await lines())[0]).toMatchObject({ id: walk.idOf(items[0]!), name: items[0] });
    const replaced = await call("PUT", "/v1/properties/home-1/checklist", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
      body: { items: items.map((name) => ({ name })) },
    });
    expect(replaced.status).toBe(200);
    expect(await lines()).toEqual([expect.objectContaining({ name: items[0] })]);
    expect((await lines())[0]!.id).toBeUndefined();
  });

  it("fails an inspection staff fail: no report, and its findings are 404 report_not_available with the reason", async () => {
    const failed = await sealedWalkthrough(partner.apiKey, { workspaceId, taps: [{ name: items[0]!, atSeconds: 1 }] });
    await analysed(failed.inspectionId);
    expectError(await findings(failed.inspectionId), 409, "report_not_ready");
    expect(await admin("review", "fail", "--inspection", failed.inspectionId, "--reason", "wrong_property")).toEqual({
      inspection_id: failed.inspectionId,
      status: "failed",
      reason: "wrong_property",
    });
    expect((await status(failed.taskId)).body).toMatchObject({ status: "failed", inspection_id: failed.inspectionId });
    expect((await status(failed.taskId)).body.report).toBeUndefined();
    // No report will ever come: not the "not permanent" 409 a partner would poll for ever.
    expect(expectError(await findings(failed.inspectionId), 404, "report_not_available").detail).toEqual({
      reason: "wrong_property",
    });
  });

  it("keeps a walkthrough unreleased 2 days after its seal processing, flagged in the review queue after 24 hours", async () => {
    const fresh = await sealedWalkthrough(partner.apiKey, { workspaceId, taps: [{ name: items[0]!, atSeconds: 1 }] });
    const day = await sealedWalkthrough(partner.apiKey, { workspaceId, taps: [{ name: items[0]!, atSeconds: 1 }] });
    const stale = await sealedWalkthrough(partner.apiKey, { workspaceId, taps: [{ name: items[0]!, atSeconds: 1 }] });
    for (const walk of [fresh, day, stale]) await analysed(walk.inspectionId);
    await db().inspection.update({ where: { id: day.inspectionId }, data: { sealedAt: new Date(Date.now() - 25 * 3_600_000) } });
    await db().inspection.update({
      where: { id: stale.inspectionId },
      data: { sealedAt: new Date(Date.now() - 49 * 3_600_000) },
    });

    type Entry = { inspection_id: string; overdue: boolean };
    const queue = ((await admin("review", "list")) as { inspections: Entry[] }).inspections;
    const flagOf = (inspectionId: string) => queue.find((entry) => entry.inspection_id === inspectionId)?.overdue;
    expect([flagOf(fresh.inspectionId), flagOf(day.inspectionId), flagOf(stale.inspectionId)]).toEqual([false, true, true]);
    // The text table says so too, on the overdue rows only.
    const text = (await runAdmin(["review", "list"], cliEnv())).stdout.split("\n");
    expect(text.find((line) => line.includes(stale.inspectionId))).toMatch(/overdue/);
    expect(text.find((line) => line.includes(fresh.inspectionId))).not.toMatch(/overdue/);
    expect((await status(stale.taskId)).body).toMatchObject({ status: "processing", report: { status: "processing" } });
    expectError(await findings(stale.inspectionId), 409, "report_not_ready");
  });
});

describe("GET /v1/inspections/{inspection_id}/video", () => {
  it("answers a fresh signed link from the seal on, fetched with a plain GET and byte ranges", async () => {
    const walk = await sealedWalkthrough(partner.apiKey, { workspaceId });
    const answer = await video(walk.inspectionId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      inspection_id: walk.inspectionId,
      download_url: expect.any(String),
      media_expires_in: 900,
      content_type: "video/mp4",
      duration_seconds: expect.any(Number),
      size_bytes: expect.any(Number),
      recorded_at: expect.any(String),
    });
    const expiresIn = Date.parse(answer.body.expires_at as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(890_000);
    expect(expiresIn).toBeLessThanOrEqual(900_000);
    const range = await fetch(answer.body.download_url as string, { headers: { range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 0-99/${answer.body.size_bytes as number}`);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    // Signed afresh on every read: a later read (once the clock has moved on) expires later.
    const again = await until(
      "a read whose link expires later",
      async () => {
        const read = await video(walk.inspectionId);
        return Date.parse(read.body.expires_at as string) > Date.parse(answer.body.expires_at as string) ? read : undefined;
      },
      5_000,
      250,
    );
    expect(Date.parse(again.body.expires_at as string)).toBeGreaterThan(Date.parse(answer.body.expires_at as string));
  });

  it("answers 409 video_not_ready before the seal, 404 video_not_available when it could not be made, and 404 not_found otherwise", async () => {
    const link = await issueLink(partner.apiKey, {
      workspace_id: workspaceId,
      task_id: `task-${randomUUID()}`,
      property_id: "home-1",
    });
    const rec = recorder(link.recording_url);
    const inspectionId = (await rec.open()).body.inspection_id as string;
    expectError(await video(inspectionId), 409, "video_not_ready");
    // Not a video ffmpeg can read: the inspection ends failed, without a video.
    const parts = await uploadRuns(rec, [Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 1)])]);
    await rec.finish({ parts, events_seq: 0 });
    expect((await waitUntilSealed(rec)).state).toBe("failed");
    expectError(await video(inspectionId), 404, "video_not_available");
    expect(expectError(await findings(inspectionId), 404, "report_not_available").detail).toEqual({
      reason: "recording_unprocessable",
    });

    expectError(await video(randomUUID()), 404, "not_found");
    expectError(await video("not-a-uuid"), 404, "not_found");
    const other = await readyWorkspace(partner.apiKey, "review-other", [item("home-1")]);
    const walk = await sealedWalkthrough(partner.apiKey, { workspaceId: other });
    expectError(await video(walk.inspectionId), 404, "not_found");
    expectError(await findings(walk.inspectionId), 404, "not_found");
    expectError(await video(walk.inspectionId, "no-such-workspace"), 404, "workspace_not_provisioned");
    expect(
      expectError(
        await call("GET", `/v1/inspections/${walk.inspectionId}/video`, { key: partner.apiKey }),
        400,
        "missing_parameter",
      ).detail,
    ).toEqual({ parameter: "workspace_id" });
  });
});
