import { randomUUID } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addAllowlistEntry } from "../../lib/partners/add-allowlist-entry";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { probeMedia } from "../../lib/video/probe-media";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { runAdminJson } from "../support/cli";
import { localDriverOfApp } from "../support/media";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * The seal through the app's own worker, from parts uploaded over HTTP: one MP4 of every run in
 * order, taps placed on the video's clock, stills, the result lines, and what the partner and the
 * cleaner read afterwards.
 */

const run = promisify(execFile);
let partner: TestPartner;
let workspaceId: string;
let dir: string;
const items = ["Beds made", "Floors mopped", "Mirror clean"];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-seal-"));
  partner = await createTestPartner("Sparkle Co");
  workspaceId = await readyWorkspace(partner.apiKey, "seal", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  await addAllowlistEntry(partner.partnerId, "sparkle://");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The staff CLI with the app's DATA_DIR and address. */
const admin = <T = Record<string, unknown>>(...args: string[]) =>
  runAdminJson<T>(args, { DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl });

async function openWalk(query: Record<string, string> = {}) {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1", ...query });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  const ids = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items.map((entry) => entry.id);
  return { taskId, rec, inspectionId: opened.body.inspection_id as string, ids };
}

async function storedVideo(inspectionId: string) {
  const object = await localDriverOfApp().get(recordingKeys.video(inspectionId));
  expect(object).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  const file = path.join(dir, `${inspectionId}.mp4`);
  await writeFile(file, Buffer.concat(chunks));
  return { contentType: object!.contentType, probe: await probeMedia(file) };
}

describe("sealing a camera walkthrough", () => {
  it("joins two runs into one MP4, places each tap on the video's clock, cuts stills and reads processing", async () => {
    const { taskId, rec, inspectionId, ids } = await openWalk({ return_url: "sparkle://done?job=7#x" });
    const first = await makeTestVideo(dir, "first.webm", { format: "webm-vp8-stream", seconds: 3 });
    const second = await makeTestVideo(dir, "second.webm", { format: "webm-vp8-stream", seconds: 2 });
    const manifest = await uploadRuns(rec, [first, second], { partSize: 64 * 1024 });
    const taps = await rec.taps([
      { seq: 1, item_id: ids[0]!, action: "check", run: 0, run_seconds: 1.5 },
      { seq: 2, item_id: ids[1]!, action: "check", run: 1, run_seconds: 1 },
    ]);
    expect(taps.body).toEqual({ events_seq: 2 });
    const done = await rec.finish({ parts: manifest, events_seq: 2, finish_anyway: [ids[2]!] });
    expect(done.status, done.text).toBe(202);

    const state = await waitUntilSealed(rec);
    expect(state).toEqual({
      state: "sealed",
      inspection_id: inspectionId,
      return_url: `sparkle://done?job=7&inspection_id=${inspectionId}&status=submitted#x`,
    });

    const video = await storedVideo(inspectionId);
    expect(video.contentType).toBe("video/mp4");
    expect(video.probe.video?.codec).toBe("h264");
    expect(video.probe.durationSeconds).toBeGreaterThan(4.7);
    expect(video.probe.durationSeconds).toBeLessThan(5.3);
    const row = await db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId } });
    expect(row).toMatchObject({ contentType: "video/mp4", transcoded: true, mediaKey: recordingKeys.video(inspectionId) });

    const lines = await db().inspectionItem.findMany({ where: { inspectionId }, orderBy: { position: "asc" } });
    expect(lines.map((line) => [line.name, line.state, line.finishedAnyway])).toEqual([
      [items[0], "pending", false],
      [items[1], "pending", false],
      [items[2], "missed", true],
    ]);
    expect(lines[0]!.timestampSeconds).toBeCloseTo(1.5, 2);
    // Run 1 starts where run 0 ends (about 3 s in).
    expect(lines[1]!.timestampSeconds!).toBeGreaterThan(3.8);
    expect(lines[1]!.timestampSeconds!).toBeLessThan(4.2);
    // The seal's still, or the analysis's pick (kept apart, so the signed still never changes) when it already ran.
    expect([recordingKeys.still(inspectionId, 1), recordingKeys.picture(inspectionId, 1)]).toContain(lines[0]!.stillKey);
    expect(lines[2]!.stillKey).toBeNull();

    // The parts are gone once sealed; the status read moved on.
    expect(await localDriverOfApp().listParts(recordingKeys.upload(inspectionId))).toEqual([]);
    const status = await call("GET", "/v1/inspections", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, task_id: taskId },
    });
    expect(status.body).toMatchObject({
      status: "processing",
      inspection_id: inspectionId,
      report: { status: "processing", stage: "analyzing" },
    });

    // The cleaner's session shows the results, each picture a working signed link.
    const session = await rec.session();
    expect(session.body.state).toBe("sealed");
    const results = session.body.results as { name: string; image_url?: string; timestamp?: number }[];
    expect(results.map((result) => result.name)).toEqual(items);
    const picture = await fetch(results[0]!.image_url!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
  });

  it("shows the cleaner an item's picture from the still its check sent when the video has none for it", async () => {
    const { rec, inspectionId, ids } = await openWalk();
    const video = await makeTestVideo(dir, "tap-still-walk.webm", { format: "webm-vp8-stream", seconds: 2 });
    const manifest = await uploadRuns(rec, [video], { partSize: 64 * 1024 });
    const jpeg = path.join(dir, "tap-still.jpg");
    await run("ffmpeg", [
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=160x90",
      "-frames:v",
      "1",
      jpeg,
    ]);
    await rec.taps([
      { seq: 1, item_id: ids[0]!, action: "check", run_seconds: 0.5 },
      { seq: 2, item_id: ids[2]!, action: "check", run_seconds: 1 },
    ]);
    expect((await rec.putTapStill(2, await readFile(jpeg))).status).toBe(200);
    expect((await rec.finish({ parts: manifest, events_seq: 2, finish_anyway: [ids[1]!] })).status).toBe(202);
    await waitUntilSealed(rec);
    // Item 3's moment had no readable frame (seal-recording.ts: it then goes without its still), which a
    // short test video does not produce on demand: its line is left without one here.
    await db().inspectionItem.update({
      where: { inspectionId_itemId: { inspectionId, itemId: ids[2]! } },
      data: { stillKey: null },
    });

    const results = (await rec.session()).body.results as { item_id: string; name: string; image_url?: string }[];
    const pictureOf = (itemId: string) => results.find((result) => result.item_id === itemId)!.image_url;
    // Item 1: the still cut from the video; item 3: the still its check sent; item 2 was never filmed, so none.
    expect(ids.map((id) => pictureOf(id) !== undefined)).toEqual([true, false, true]);
    for (const id of [ids[0]!, ids[2]!]) {
      const picture = await fetch(pictureOf(id)!);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/jpeg");
    }
    expect(new URL(pictureOf(ids[2]!)!).pathname).toBe(`/media/stills/${inspectionId}/taps/2.jpg`);
  });

  it("remuxes an H.264 recording without re-encoding", async () => {
    const { rec, inspectionId } = await openWalk();
    const bytes = await makeTestVideo(dir, "ios.mp4", { format: "mp4-h264-fragmented", seconds: 2 });
    const manifest = await uploadRuns(rec, [bytes], { contentType: "video/mp4" });
    expect((await rec.finish({ parts: manifest, events_seq: 0 })).status).toBe(202);
    expect((await waitUntilSealed(rec)).state).toBe("sealed");
    expect(await db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId } })).toMatchObject({ transcoded: false });
  });

  it("ends failed, without a video, when the recording cannot be made into one", async () => {
    const { taskId, rec, inspectionId } = await openWalk();
    const notAVideo = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(20_000, 3)]);
    const manifest = await uploadRuns(rec, [notAVideo]);
    expect((await rec.finish({ parts: manifest, events_seq: 0 })).status).toBe(202);
    expect(await waitUntilSealed(rec)).toEqual({ state: "failed", inspection_id: inspectionId });
    const inspection = await db().inspection.findUniqueOrThrow({ where: { id: inspectionId }, include: { video: true } });
    expect({ status: inspection.status, reason: inspection.failureReason, video: inspection.video }).toEqual({
      status: "failed",
      reason: "recording_unprocessable",
      video: null,
    });
    const status = await call("GET", "/v1/inspections", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, task_id: taskId },
    });
    expect(status.body).toEqual({ status: "failed", inspection_id: inspectionId });
  });
});

describe("a video uploaded as a file", () => {
  it("becomes the walkthrough, every checklist item not_checked", async () => {
    const { rec, inspectionId } = await openWalk();
    const bytes = await makeTestVideo(dir, "camera-app.mp4", { format: "mp4-h264", seconds: 2 });
    const manifest = await uploadRuns(rec, [bytes], { source: "file", contentType: "video/mp4", partSize: 8 * 1024 * 1024 });
    expect((await rec.finish({ parts: manifest, events_seq: 0 })).status).toBe(202);
    expect((await waitUntilSealed(rec)).state).toBe("sealed");
    const lines = await db().inspectionItem.findMany({ where: { inspectionId }, orderBy: { position: "asc" } });
    expect(lines.map((line) => [line.name, line.state, line.timestampSeconds])).toEqual(
      items.map((name) => [name, "not_checked", null]),
    );
  });
});

describe("POST /explanations", () => {
  it("turns a missed item into explained with the cleaner's words; only missed items", async () => {
    const { rec, ids } = await openWalk();
    const bytes = await makeTestVideo(dir, "explain.webm", { format: "webm-vp8-stream", seconds: 2 });
    const manifest = await uploadRuns(rec, [bytes]);
    await rec.taps([{ seq: 1, item_id: ids[0]!, action: "check", run_seconds: 1 }]);
    await rec.finish({ parts: manifest, events_seq: 1, finish_anyway: [ids[1]!, ids[2]!] });
    expect((await waitUntilSealed(rec)).state).toBe("sealed");

    const explained = await rec.explain(ids[1]!, "The mop was in the shot, the floor was wet.");
    expect(explained.status, explained.text).toBe(200);
    const result = (explained.body.results as { item_id: string; state: string; reason?: string }[]).find(
      (line) => line.item_id === ids[1],
    );
    expect(result).toMatchObject({ state: "explained", reason: "The mop was in the shot, the floor was wet." });
    // The same words again answer alike; a pending item cannot be explained; blank words are missing.
    expect((await rec.explain(ids[1]!, "The mop was in the shot, the floor was wet.")).status).toBe(200);
    expectError(await rec.explain(ids[0]!, "It was done"), 409, "item_not_missed");
    expect(expectError(await rec.explain(ids[2]!, "  "), 400, "missing_parameter").detail).toEqual({ parameter: "reason" });
    expectError(await rec.explain(randomUUID(), "Why"), 404, "not_found");
  });

  it("are taken until the report is released, and never over a staff decision", async () => {
    // Held for staff: the checked item waits for a decision; the two finished anyway are missed.
    const held = await openWalk();
    await held.rec.taps([{ seq: 1, item_id: held.ids[0]!, action: "check", run_seconds: 1 }]);
    await held.rec.finish({
      parts: await uploadRuns(held.rec, [await makeTestVideo(dir, "held.webm", { format: "webm-vp8-stream", seconds: 2 })]),
      events_seq: 1,
      finish_anyway: [held.ids[1]!, held.ids[2]!],
    });
    expect((await waitUntilSealed(held.rec)).state).toBe("sealed");
    await until(
      "the analysis",
      async () => ((await db().inspection.findUniqueOrThrow({ where: { id: held.inspectionId } })).analyzedAt ? true : undefined),
      60_000,
      200,
    );
    // Staff confirm one missed item: the cleaner's words do not overturn it.
    await admin("review", "decide", "--inspection", held.inspectionId, "--item", held.ids[1]!, "--state", "missed");
    expectError(await held.rec.explain(held.ids[1]!, "I did mop it."), 409, "item_decided_by_staff");
    // The recorder offers an explanation only where one is taken.
    const offered = async (rec: typeof held.rec) =>
      ((await rec.session()).body.results as { item_id: string; explainable: boolean }[]).map((line) => [
        line.item_id,
        line.explainable,
      ]);
    expect(await offered(held.rec)).toEqual([
      [held.ids[0], false],
      [held.ids[1], false],
      [held.ids[2], true],
    ]);
    // The other is the filming's own `missed`: explained while the report is not out.
    expect((await held.rec.explain(held.ids[2]!, "The camera fogged up.")).status).toBe(200);
    const released = await admin<{ released: boolean }>(
      "review",
      "decide",
      "--inspection",
      held.inspectionId,
      "--item",
      held.ids[0]!,
      "--state",
      "missed",
    );
    expect(released.released).toBe(true);
    expect((await held.rec.explain(held.ids[2]!, "The camera fogged up.")).status).toBe(200);
    expectError(await held.rec.explain(held.ids[2]!, "Other words, later."), 409, "explanations_closed");

    // Released at once (nothing waits for staff): no item can be explained any more.
    const out = await openWalk();
    await out.rec.finish({
      parts: await uploadRuns(out.rec, [await makeTestVideo(dir, "out.webm", { format: "webm-vp8-stream", seconds: 2 })]),
      events_seq: 0,
      finish_anyway: out.ids,
    });
    expect((await waitUntilSealed(out.rec)).state).toBe("sealed");
    await until(
      "the release",
      async () =>
        (await db().inspection.findUniqueOrThrow({ where: { id: out.inspectionId } })).status === "completed" ? true : undefined,
      60_000,
      200,
    );
    const refused = expectError(await out.rec.explain(out.ids[0]!, "It was done."), 409, "explanations_closed");
    expect(refused.message).toMatch(/released/);
    expect(await offered(out.rec)).toEqual(out.ids.map((id) => [id, false]));
    const lines = await db().inspectionItem.findMany({
      where: { inspectionId: { in: [held.inspectionId, out.inspectionId] } },
      orderBy: [{ inspectionId: "asc" }, { position: "asc" }],
    });
    expect(
      lines.filter((line) => line.state === "explained").map((line) => [line.inspectionId, line.itemId, line.reason]),
    ).toEqual([[held.inspectionId, held.ids[2], "The camera fogged up."]]);
  });
});
