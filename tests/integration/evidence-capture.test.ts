import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { differenceHash } from "../../lib/analysis/dhash";
import { pollCalendar } from "../../lib/connectors/ical/poll-calendar";
import { db } from "../../lib/db/client";
import type { RecordingRecord } from "../../lib/evidence/recording-record";
import { cutFrames } from "../../lib/video/cut-frames";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { runAdminJson } from "../support/cli";
import { localFetchOptions, type PhotoServer, startPhotoServer } from "../support/https-photo-server";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { cutParts, recorder, sha256, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * Issue 27's capture side, on the app under test (its own worker seals with real ffmpeg): the
 * phone's claimed times in the recording record (each run's start by the phone's clock, an
 * uploaded file's own last-modified time), refused when malformed; the same file uploaded for
 * two tasks flagged as reused, a different one not; the stays around a walkthrough from an iCal
 * calendar the connector reads over real HTTPS; and the reuse check's frames, one ffmpeg either way.
 */

let partner: TestPartner;
let workspaceId: string;
let dir: string;
let calendars: PhotoServer;
let pattern: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-evidence-capture-"));
  calendars = await startPhotoServer();
  partner = await createTestPartner("Capture Co");
  workspaceId = await readyWorkspace(partner.apiKey, "capture", [item("home-1"), item("home-2"), item("home-3")]);
  pattern = await makeTestVideo(dir, "pattern.mp4", { format: "mp4-h264", seconds: 6 });
});
afterAll(async () => {
  await calendars?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Upload {
  bytes: Uint8Array;
  source: "camera" | "file";
  contentType: string;
  /** Sent with every part of its run. */
  headers?: Record<string, string>;
}

/** One walkthrough: every run's parts uploaded over HTTP with its headers, Done, and sealed by the app's worker. */
async function sealedWalk(propertyId: string, runs: Upload[]) {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: propertyId });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  const manifest: { part_number: number; sha256: string }[] = [];
  for (const [run, upload] of runs.entries()) {
    for (const part of cutParts(upload.bytes, 64 * 1024, manifest.length + 1)) {
      const answer = await rec.putPart(part.partNumber, part.bytes, {
        run,
        source: upload.source,
        contentType: upload.contentType,
        headers: upload.headers,
      });
      expect(answer.status, answer.text).toBe(201);
      manifest.push({ part_number: part.partNumber, sha256: sha256(part.bytes) });
    }
  }
  const done = await rec.finish({ parts: manifest, events_seq: 0 });
  expect(done.status, done.text).toBe(202);
  expect((await waitUntilSealed(rec)).state).toBe("sealed");
  const inspectionId = opened.body.inspection_id as string;
  const evidence = await call("GET", `/v1/inspections/${inspectionId}/evidence`, {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
  });
  expect(evidence.status, evidence.text).toBe(200);
  const payload = (evidence.body.recording_record as string).split(".")[1]!;
  const record = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as RecordingRecord;
  const status = await call("GET", "/v1/inspections", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId, task_id: taskId },
  });
  return { inspectionId, record, status: status.body };
}

const file = (bytes: Uint8Array, lastModified?: string): Upload => ({
  bytes,
  source: "file",
  contentType: "video/mp4",
  headers: lastModified ? { "x-file-last-modified": lastModified } : undefined,
});

describe("the phone's claimed times", () => {
  it("refuses a claimed time that is not an ISO date and time, naming the header, and stores nothing", async () => {
    const link = await issueLink(partner.apiKey, {
      workspace_id: workspaceId,
      task_id: `task-${randomUUID()}`,
      property_id: "home-1",
    });
    const rec = recorder(link.recording_url);
    expect((await rec.open()).status).toBe(200);
    for (const [header, value, name] of [
      ["x-recording-started-at", "yesterday morning", "X-Recording-Started-At"],
      ["x-recording-started-at", "2026-13-40T99:00:00Z", "X-Recording-Started-At"],
      ["x-file-last-modified", "1764226800000", "X-File-Last-Modified"],
    ] as const) {
      const answer = await rec.putPart(1, pattern.subarray(0, 4096), {
        source: "camera",
        contentType: "video/mp4",
        headers: { [header]: value },
      });
      const error = expectError(answer, 400, "invalid_request");
      expect(error.detail).toMatchObject({ parameter: name });
    }
    expect((await rec.session()).body.parts).toEqual([]);
  });

  it("puts each run's start by the phone's clock in the record, as claimed, beside the server's own times", async () => {
    // A phone whose clock is a day behind: kept as it said, and nothing else moves with it.
    const claimed = [new Date(Date.now() - 86_400_000), new Date(Date.now() - 86_400_000 + 40_000)].map((at) => at.toISOString());
    // Filmed in the dark: nothing like the files the reuse check compares below.
    const stream = await makeTestVideo(dir, "run.webm", { format: "webm-vp8-stream", seconds: 2, scene: "dark" });
    const camera = (startedAt: string): Upload => ({
      bytes: stream,
      source: "camera",
      contentType: "video/webm;codecs=vp8,opus",
      headers: { "x-recording-started-at": startedAt },
    });
    const before = Date.now();
    const { record } = await sealedWalk("home-3", [camera(claimed[0]!), camera(claimed[1]!)]);
    expect(record.capture).toBe("live_camera");
    expect(record.device_claimed_started_at).toBe(claimed[0]);
    expect(record.runs).toEqual([
      { run: 0, device_claimed_started_at: claimed[0] },
      { run: 1, device_claimed_started_at: claimed[1] },
    ]);
    expect(record.file_last_modified_at).toBeUndefined();
    expect(Date.parse(record.first_part_received_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(record.sealed_at)).toBeGreaterThanOrEqual(before);
    expect(new Set(record.parts.map((part) => part.run))).toEqual(new Set([0, 1]));
  });
});

describe("reused media", () => {
  it("flags the same file uploaded for two tasks, in its record and its status read; a different file is not", async () => {
    const lastModified = "2026-10-04T17:22:05.123Z";
    const first = await sealedWalk("home-1", [file(pattern, lastModified)]);
    expect(first.record).toMatchObject({ capture: "uploaded_file", file_last_modified_at: lastModified });
    expect(first.record.device_claimed_started_at).toBeUndefined();
    expect(first.record.reuse).toBeUndefined();
    expect(first.status.evidence).toEqual({ reuse_suspected: false });

    // The same bytes for another task of another home of the partner: a replayed video.
    const second = await sealedWalk("home-2", [file(pattern, lastModified)]);
    expect(second.record.reuse).toEqual([{ kind: "video", inspection_id: first.inspectionId, similarity: expect.any(Number) }]);
    expect(second.record.reuse![0]!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(second.status.evidence).toEqual({ reuse_suspected: true });

    // Another video (three other scenes), from a recorder that sends no last-modified time.
    const other = await makeTestVideo(dir, "rooms.mp4", { format: "mp4-h264", seconds: 6, scene: "rooms" });
    const third = await sealedWalk("home-1", [file(other)]);
    expect(third.record.reuse).toBeUndefined();
    expect(third.record.file_last_modified_at).toBeUndefined();
    expect(third.status.evidence).toEqual({ reuse_suspected: false });
  });

  it("cuts the reuse check's frames in one ffmpeg, the same frames read straight through or by seeking", async () => {
    const video = path.join(dir, "rooms-long.mp4");
    await writeFile(video, await makeTestVideo(dir, "rooms-source.mp4", { format: "mp4-h264", seconds: 12, scene: "rooms" }));
    const seconds = Array.from({ length: 12 }, (_, index) => (12 * (index + 0.5)) / 12);
    const hashes = async (way: "single-pass" | "seek") => {
      const out = path.join(dir, way);
      await mkdir(out);
      const frames = await cutFrames(video, seconds, out, 12, way);
      expect(frames.map((frame) => frame.index)).toEqual(seconds.map((_, index) => index));
      return Promise.all(frames.map(async (frame) => differenceHash(await readFile(frame.file))));
    };
    const straight = await hashes("single-pass");
    expect(await hashes("seek")).toEqual(straight);
    // Three scenes: the frames differ across the video.
    expect(new Set(straight).size).toBeGreaterThanOrEqual(3);
  });
});

describe("the stays around a walkthrough", () => {
  it("names the stay before and the one after, from an iCal calendar the connector read over HTTPS", async () => {
    const env = { DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl };
    await runAdminJson(
      ["connectors", "enable", "--partner", partner.partnerId, "--workspace", workspaceId, "--platform", "ical"],
      env,
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const stays = [
      { uid: "older@rentals", start: day(-12), end: day(-8) },
      { uid: "before@rentals", start: day(-4), end: day(0) },
      { uid: "cancelled@rentals", start: day(0), end: day(2), status: "CANCELLED" },
      { uid: "after@rentals", start: day(3), end: day(6) },
      { uid: "later@rentals", start: day(9), end: day(11) },
    ];
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test rentals//EN",
      ...stays.flatMap((stay) => [
        "BEGIN:VEVENT",
        `UID:${stay.uid}`,
        `DTSTART;VALUE=DATE:${stay.start.replaceAll("-", "")}`,
        `DTEND;VALUE=DATE:${stay.end.replaceAll("-", "")}`,
        "SUMMARY:Reserved",
        ...(stay.status ? [`STATUS:${stay.status}`] : []),
        "END:VEVENT",
      ]),
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const calendarPath = `/cal-${randomBytes(4).toString("hex")}.ics`;
    calendars.route(calendarPath, (_request, response) =>
      response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(ics),
    );
    const set = await call("PUT", "/connectors/ical/calendars", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, property_id: "home-3" },
      body: { url: `https://photos.test${calendarPath}` },
    });
    expect(set.status, set.text).toBe(200);
    const home = await db().property.findFirstOrThrow({
      where: { externalId: "home-3", workspace: { externalId: workspaceId, partnerId: partner.partnerId } },
    });
    // The connector's own fetch (TLS against the test CA; the test's names resolve to 127.0.0.1).
    expect(await pollCalendar(home.id, localFetchOptions(calendars))).toMatchObject({ ok: true });
    const reservation = (uid: string) => db().reservation.findFirstOrThrow({ where: { propertyId: home.id, uid } });

    const { record } = await sealedWalk("home-3", [file(pattern)]);
    expect(record.stay).toEqual({
      previous: { reservation_id: (await reservation("before@rentals")).id, check_in: day(-4), check_out: day(0) },
      next: { reservation_id: (await reservation("after@rentals")).id, check_in: day(3), check_out: day(6) },
    });
  });
});
