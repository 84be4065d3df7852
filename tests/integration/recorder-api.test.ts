import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { setCompanyChecklist } from "../../lib/checklists/set-company-checklist";
import { db } from "../../lib/db/client";
import { newRecordingToken } from "../../lib/recording/recording-token";
import { call, expectError, segment } from "../support/api";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, sha256 } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * The recording app's API (lib/recording/README.md) over real HTTP, apart from the seal
 * (recorder-seal.test.ts): the token as the only credential, opening, parts, taps and Done.
 */

let partner: TestPartner;
let workspaceId: string;
const houseItems = ["Kitchen counters wiped", "Beds made", "Bathroom mirror clean"];

beforeAll(async () => {
  partner = await createTestPartner("Acme Turnovers");
  workspaceId = await readyWorkspace(partner.apiKey, "recorder", [item("home-1", { name: "Seaside Cottage" }), item("bare")]);
  const put = await call("PUT", `/v1/properties/home-1/checklist`, {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: houseItems.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
  await setCompanyChecklist(workspace, "inspection", [{ name: "Smoke alarm tested", notes: "Press the button" }]);
});

async function newLink(query: Record<string, string> = {}) {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
    ...query,
  });
  return { link, rec: recorder(link.recording_url) };
}

async function openedLink() {
  const { link, rec } = await newLink({ task_name: "Turnover", scheduled_date: "2026-12-01" });
  const opened = await rec.open();
  expect(opened.status, opened.text).toBe(200);
  return { link, rec, session: opened.body as unknown as Session };
}

interface Session {
  inspection_id: string;
  state: string;
  checklist: { type: string; items: { id: string; name: string; notes?: string }[] }[];
  parts: { part_number: number; run: number; size: number; sha256: string }[];
  events_seq: number;
}

const status = (taskId: string) =>
  call("GET", "/v1/inspections", { key: partner.apiKey, query: { workspace_id: workspaceId, task_id: taskId } });

/** Bytes that open like a WebM recording: enough for the header check, not for ffmpeg. */
const webmLike = (size = 1000) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);
const mp4Like = (size = 1000) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), randomBytes(size - 12)]);

describe("the token", () => {
  it("is the only credential: an unknown or malformed token answers one 404, like a missing path", async () => {
    const unknown = await call("POST", `/r/${newRecordingToken()}/api/open`);
    const malformed = await call("POST", `/r/not-a-token/api/open`);
    const noPath = await call("GET", `/r/${newRecordingToken()}/api/nothing-here`);
    for (const answer of [unknown, malformed, noPath]) expectError(answer, 404, "not_found");
    expect((unknown.body.error as { message: string }).message).toBe((malformed.body.error as { message: string }).message);
  });

  it("answers the page of an unknown or malformed link with 404 and the 'link does not work' screen; a real link's page 200, read only", async () => {
    const { link } = await newLink();
    for (const path of [`/r/${newRecordingToken()}`, "/r/not-a-token"]) {
      const page = await fetch(new URL(path, link.recording_url), { redirect: "manual" });
      expect(page.status, path).toBe(404);
      const html = await page.text();
      expect(html).toContain("This link does not work");
      expect(html).toContain("ask the app that sent it for a new link");
    }
    const page = await fetch(link.recording_url, { redirect: "manual" });
    expect(page.status).toBe(200);
    // The first screen comes rendered (the home, Start off until the scripts run), and the page
    // only read: a link preview opens no inspection.
    const html = await page.text();
    expect(html).toContain("Seaside Cottage");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Start recording<\/button>/s);
    expect((await call("GET", `${new URL(link.recording_url).pathname}/api/session`)).body).toMatchObject({ state: "new" });
  });

  it("answers 405 with Allow for a verb a call does not take", async () => {
    const { rec: _rec, link } = await newLink();
    const answer = await call("DELETE", `${new URL(link.recording_url).pathname}/api/open`);
    expectError(answer, 405, "method_not_allowed");
    expect(answer.headers.get("allow")).toBe("POST");
  });
});

describe("opening the link", () => {
  it("reads as new before it is opened, and the status read says pending", async () => {
    const { link, rec } = await newLink();
    const session = await rec.session();
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      state: "new",
      property: { name: "Seaside Cottage" },
      partner: { name: "Acme Turnovers" },
    });
    expect(session.body.inspection_id).toBeUndefined();
    expect((await status(link.task_id)).body).toEqual({ status: "pending" });
  });

  it("creates the inspection once, with the lists that apply in the cleaner's order, and the status read says recording", async () => {
    const { link, rec } = await newLink({ task_name: "Turnover", scheduled_date: "2026-12-01" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => rec.open()));
    const ids = new Set(answers.map((answer) => answer.body.inspection_id));
    expect(ids.size).toBe(1);
    const session = answers[0]!.body as unknown as Session & Record<string, unknown>;
    expect(session).toMatchObject({
      state: "recording",
      property: { name: "Seaside Cottage" },
      task: { name: "Turnover", scheduled_date: "2026-12-01" },
      partner: { name: "Acme Turnovers" },
      has_return_url: false,
      parts: [],
      events_seq: 0,
      results: [],
      limits: { part_bytes: 16 * 1024 * 1024, recording_bytes: 4 * 1024 * 1024 * 1024 },
    });
    expect(session.checklist.map((section) => section.type)).toEqual(["housekeeping", "inspection"]);
    expect(session.checklist[0]!.items.map((entry) => entry.name)).toEqual(houseItems);
    expect(session.checklist[1]!.items).toEqual([
      { id: expect.any(String), name: "Smoke alarm tested", notes: "Press the button" },
    ]);
    expect((await status(link.task_id)).body).toEqual({ status: "recording", inspection_id: session.inspection_id });
  });

  it("keeps the lists it opened with when the home's list is replaced afterwards", async () => {
    const { rec, session } = await openedLink();
    const replaced = await call("PUT", `/v1/properties/${segment("home-1")}/checklist`, {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
      body: { items: [...houseItems, "Windows"].map((name) => ({ name })) },
    });
    expect(replaced.status).toBe(200);
    expect(((await rec.session()).body as unknown as Session).checklist).toEqual(session.checklist);
  });
});

describe("PUT /parts/{n}", () => {
  it("refuses parts before the link is opened", async () => {
    const { rec } = await newLink();
    expectError(await rec.putPart(1, webmLike()), 409, "recording_not_open");
  });

  it("names the header or parameter that is missing or wrong", async () => {
    const { rec } = await openedLink();
    const cases: [Parameters<Recorder["putPart"]>[2], number, string, string][] = [
      [{ headers: { "x-part-sha256": "" } }, 400, "missing_parameter", "X-Part-SHA256"],
      [{ sha: "abc" }, 400, "invalid_request", "X-Part-SHA256"],
      [{ headers: { "x-recording-run": "-1" } }, 400, "invalid_request", "X-Recording-Run"],
      [{ headers: { "x-recording-source": "screen" } }, 400, "invalid_request", "X-Recording-Source"],
      [{ contentType: "image/jpeg" }, 400, "invalid_request", "Content-Type"],
    ];
    for (const [options, code, errorCode, parameter] of cases) {
      const error = expectError(await rec.putPart(1, webmLike(), options), code, errorCode);
      expect(error.detail).toEqual({ parameter });
    }
    expect(expectError(await rec.putPart(0, webmLike()), 400, "invalid_request").detail).toEqual({ parameter: "part_number" });
    expect(expectError(await rec.putPart("x", webmLike()), 400, "invalid_request").detail).toEqual({ parameter: "part_number" });
    expect(((await rec.session()).body as unknown as Session).parts).toEqual([]);
  });

  it("stores a part once: the same bytes again write nothing, other bytes under its number are refused", async () => {
    const { rec } = await openedLink();
    const bytes = webmLike(5000);
    const first = await rec.putPart(1, bytes);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ part_number: 1, size: 5000, sha256: sha256(bytes) });
    const again = await rec.putPart(1, bytes);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expectError(await rec.putPart(1, webmLike(5000)), 409, "part_conflict");
    const session = (await rec.session()).body as unknown as Session;
    expect(session.parts).toEqual([{ part_number: 1, run: 0, size: 5000, sha256: sha256(bytes) }]);
  });

  it("stores nothing whose bytes do not hash to X-Part-SHA256", async () => {
    const { rec } = await openedLink();
    expectError(await rec.putPart(1, webmLike(), { sha: sha256(Buffer.from("other")) }), 400, "part_checksum_mismatch");
    expect(((await rec.session()).body as unknown as Session).parts).toEqual([]);
  });

  it("checks that the first part of each run starts an MP4 or WebM recording; later parts are media data", async () => {
    const { rec } = await openedLink();
    expectError(await rec.putPart(1, randomBytes(2000)), 415, "unsupported_media");
    expect((await rec.putPart(1, mp4Like(), { contentType: "video/mp4" })).status).toBe(201);
    expect((await rec.putPart(2, randomBytes(2000), { contentType: "video/mp4" })).status).toBe(201);
    // Run 1 (a "Continue recording" after a reload) opens with its own header.
    expectError(await rec.putPart(3, randomBytes(2000), { run: 1 }), 415, "unsupported_media");
    expect((await rec.putPart(3, webmLike(), { run: 1 })).status).toBe(201);
    expect(((await rec.session()).body as unknown as Session).parts.map((part) => [part.part_number, part.run])).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
    ]);
  });

  it("keeps one source for the whole walkthrough", async () => {
    const { rec } = await openedLink();
    expect((await rec.putPart(1, webmLike())).status).toBe(201);
    const error = expectError(await rec.putPart(2, webmLike(), { source: "file" }), 400, "invalid_request");
    expect(error.detail).toEqual({ parameter: "X-Recording-Source" });
  });

  it("refuses a part over 16 MiB, declared or streamed without a length, and stores nothing", async () => {
    const { rec, link } = await openedLink();
    const limit = 16 * 1024 * 1024;
    // The service answers 413 and closes without reading the 16 MiB; a client still writing may see
    // the close (EPIPE, ECONNRESET) before the answer, as any HTTP/1.1 client can. Asked again then.
    let declared;
    for (let attempt = 1; declared === undefined; attempt++) {
      declared = await rec.putPart(1, webmLike(limit + 1)).catch((failure: unknown) => {
        const code = ((failure as { cause?: { code?: string } }).cause ?? {}).code;
        if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw failure;
        return undefined;
      });
    }
    const error = expectError(declared, 413, "payload_too_large");
    expect(error.detail).toEqual({ limit_bytes: limit });
    // No Content-Length: a stream body is sent chunked and cut off once it passes the cap.
    const chunk = webmLike(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 17; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const chunked = await fetch(new URL(`${new URL(link.recording_url).pathname}/api/parts/1`, link.recording_url), {
      method: "PUT",
      body,
      duplex: "half",
      headers: {
        "content-type": "video/webm",
        "x-part-sha256": "0".repeat(64),
        "x-recording-run": "0",
        "x-recording-source": "camera",
      },
    } as RequestInit).catch((failure: unknown) => failure);
    // The server answers 413 and closes; depending on timing fetch sees the answer or a reset connection.
    if (chunked instanceof Response) expect(chunked.status).toBe(413);
    expect(((await rec.session()).body as unknown as Session).parts).toEqual([]);
  });
});

type Recorder = ReturnType<typeof recorder>;

describe("POST /checklist-events", () => {
  it("stores taps once by seq, only for items of the walkthrough's lists", async () => {
    const { rec, session } = await openedLink();
    const [first, second] = session.checklist[0]!.items;
    const taps = [
      { seq: 1, item_id: first!.id, action: "check" as const, run_seconds: 3.5 },
      { seq: 2, item_id: second!.id, action: "check" as const, run_seconds: 9 },
    ];
    expect((await rec.taps(taps)).body).toEqual({ events_seq: 2 });
    expect((await rec.taps(taps)).body).toEqual({ events_seq: 2 });
    expect(await db().checklistTap.count({ where: { inspectionId: session.inspection_id } })).toBe(2);
    const error = expectError(
      await rec.taps([{ seq: 3, item_id: randomUUID(), action: "check", run_seconds: 1 }]),
      400,
      "invalid_request",
    );
    expect(error.detail).toEqual({ parameter: "events[0].item_id", index: 0 });
    const repeated = expectError(await rec.taps([taps[0]!, taps[0]!]), 400, "invalid_request");
    expect(repeated.detail).toEqual({ parameter: "events" });
  });
});

describe("PUT /taps/{seq}/still and GET /live", () => {
  const jpegLike = (size = 2000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);

  it("keeps a check's still; without a provider it is not judged and /live stays empty", async () => {
    const { rec, session } = await openedLink();
    const itemId = session.checklist[0]!.items[0]!.id;
    await rec.taps([{ seq: 1, item_id: itemId, action: "check", run_seconds: 2 }]);
    expect(session).toMatchObject({ live_verdicts: false });
    const stored = await rec.putTapStill(1, jpegLike());
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toEqual({ judged: false });
    const tap = await db().checklistTap.findFirstOrThrow({ where: { inspectionId: session.inspection_id, seq: 1 } });
    expect(tap.liveStillKey).toBe(`stills/${session.inspection_id}/taps/1.jpg`);
    expect(tap.liveState).toBeNull();
    expect((await rec.live()).body).toEqual({ live: [] });
  });

  it("refuses a seq that is not a check, a body that is not a JPEG or too large, and any still after Done", async () => {
    const { rec, session } = await openedLink();
    const [first, second] = session.checklist[0]!.items;
    await rec.taps([
      { seq: 1, item_id: first!.id, action: "check", run_seconds: 2 },
      { seq: 2, item_id: first!.id, action: "uncheck", run_seconds: 3 },
    ]);
    expect(expectError(await rec.putTapStill("x", jpegLike()), 400, "invalid_request").detail).toEqual({ parameter: "seq" });
    expect(expectError(await rec.putTapStill(0, jpegLike()), 400, "invalid_request").detail).toEqual({ parameter: "seq" });
    expect(expectError(await rec.putTapStill(9, jpegLike()), 404, "not_found").detail).toEqual({ parameter: "seq" });
    expectError(await rec.putTapStill(2, jpegLike()), 404, "not_found");
    expectError(await rec.putTapStill(1, randomBytes(2000)), 415, "unsupported_media");
    expectError(await rec.putTapStill(1, jpegLike(2 * 1024 * 1024 + 1)), 413, "payload_too_large");
    expect(
      (await db().checklistTap.findFirstOrThrow({ where: { inspectionId: session.inspection_id, seq: 1 } })).liveStillKey,
    ).toBeNull();

    const one = webmLike();
    await rec.putPart(1, one);
    await rec.taps([{ seq: 3, item_id: second!.id, action: "check", run_seconds: 4 }]);
    expect((await rec.finish({ parts: [{ part_number: 1, sha256: sha256(one) }], events_seq: 3 })).status).toBe(202);
    expectError(await rec.putTapStill(3, jpegLike()), 409, "recording_closed");
  });
});

describe("POST /finish", () => {
  it("names what the service does not hold, and closes nothing until it holds everything", async () => {
    const { rec, session } = await openedLink();
    const one = webmLike();
    await rec.putPart(1, one);
    const itemId = session.checklist[0]!.items[0]!.id;
    await rec.taps([{ seq: 1, item_id: itemId, action: "check", run_seconds: 1 }]);
    const manifest = [
      { part_number: 1, sha256: sha256(one) },
      { part_number: 2, sha256: sha256(Buffer.from("not sent")) },
    ];
    const missing = expectError(await rec.finish({ parts: manifest, events_seq: 3 }), 409, "recording_incomplete");
    expect(missing.detail).toEqual({ missing_parts: [2], missing_events: 2 });
    const gap = expectError(await rec.finish({ parts: [manifest[1]!], events_seq: 1 }), 400, "invalid_request");
    expect(gap.detail).toEqual({ parameter: "parts[0].part_number", index: 0 });
    expectError(await rec.finish({ parts: [], events_seq: 0 }), 400, "invalid_request");
    const unknownItem = expectError(
      await rec.finish({ parts: [manifest[0]!], events_seq: 1, finish_anyway: [randomUUID()] }),
      400,
      "invalid_request",
    );
    expect(unknownItem.detail).toEqual({ parameter: "finish_anyway[0]", index: 0 });
    // Still open: the missing part can still come.
    expect((await rec.putPart(2, webmLike())).status).toBe(201);
  });

  it("closes the walkthrough to parts and taps; the same Done again answers alike, another is refused", async () => {
    const { rec, session } = await openedLink();
    const one = webmLike();
    await rec.putPart(1, one);
    const items = session.checklist[0]!.items;
    const done = { parts: [{ part_number: 1, sha256: sha256(one) }], events_seq: 0, finish_anyway: [items[0]!.id] };
    const first = await rec.finish(done);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({ inspection_id: session.inspection_id });
    expect(["finishing", "sealed", "failed"]).toContain(first.body.state);
    expect((await rec.finish(done)).status).toBe(202);
    expectError(await rec.finish({ ...done, finish_anyway: [] }), 409, "recording_closed");
    expectError(await rec.putPart(2, webmLike()), 409, "recording_closed");
    // The part it holds still answers as stored (a late resend of it).
    expect((await rec.putPart(1, one)).status).toBe(200);
    expectError(await rec.taps([{ seq: 1, item_id: items[1]!.id, action: "check", run_seconds: 2 }]), 409, "recording_closed");
  });
});
