import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { appUnderTest } from "../support/app-under-test";
import { runAdminJson } from "../support/cli";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, recorderPath, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * POST /r/{token}/api/dark-spans (lib/recording/README.md): the phone's too-dark stretches, kept
 * once by run and start, refused whole when any is wrong, closed at Done like taps, placed on the
 * sealed video's seconds by the seal, and shown to staff by `review show`.
 */

let partner: TestPartner;
let workspaceId: string;
let dir: string;
const names = ["Shower wiped", "Mirror polished"];

beforeAll(async () => {
  partner = await createTestPartner("Dark Spans");
  workspaceId = await readyWorkspace(partner.apiKey, "dark-spans", [item("home-1", { name: "Cellar Flat" })]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: names.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-dark-spans-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function openedLink() {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
  });
  const rec = recorder(link.recording_url);
  const darkSpans = (body: unknown) => call("POST", `${recorderPath(link.recording_url)}/api/dark-spans`, { body });
  return { link, rec, darkSpans };
}

async function opened() {
  const link = await openedLink();
  const answer = await link.rec.open();
  expect(answer.status, answer.text).toBe(200);
  const items = (answer.body.checklist as { items: { id: string; name: string }[] }[]).flatMap((section) => section.items);
  return { ...link, inspectionId: answer.body.inspection_id as string, items };
}

const stored = (inspectionId: string) =>
  db().darkSpan.findMany({ where: { inspectionId }, orderBy: [{ run: "asc" }, { fromSeconds: "asc" }] });

describe("POST /dark-spans", () => {
  it("refuses spans before the walkthrough is opened", async () => {
    const { darkSpans } = await openedLink();
    expectError(await darkSpans({ spans: [{ run: 0, from: 1, to: 2 }] }), 409, "recording_not_open");
  });

  it("stores a span once by run and start: a resend changes nothing", async () => {
    const { darkSpans, inspectionId } = await opened();
    const spans = [
      { run: 0, from: 1.2, to: 4.5 },
      { run: 1, from: 0, to: 0 },
    ];
    const first = await darkSpans({ spans });
    expect([first.status, first.body]).toEqual([200, { dark_spans: 2 }]);
    // The same again, and one with the same run and start but another end: kept as first sent.
    expect((await darkSpans({ spans })).body).toEqual({ dark_spans: 2 });
    expect(
      (
        await darkSpans({
          spans: [
            { run: 0, from: 1.2, to: 9 },
            { run: 0, from: 6, to: 7.5 },
          ],
        })
      ).body,
    ).toEqual({
      dark_spans: 3,
    });
    expect((await stored(inspectionId)).map((span) => [span.run, span.fromSeconds, span.toSeconds])).toEqual([
      [0, 1.2, 4.5],
      [0, 6, 7.5],
      [1, 0, 0],
    ]);
  });

  it("names the field that is wrong and stores nothing of the batch", async () => {
    const { darkSpans, inspectionId } = await opened();
    const good = { run: 0, from: 1, to: 2 };
    const cases: [unknown, string, string][] = [
      [{ spans: [good, { run: 0, from: 5, to: 3 }] }, "spans[1].to", "invalid_request"],
      [{ spans: [{ run: 0, from: -1, to: 2 }] }, "spans[0].from", "invalid_request"],
      [{ spans: [{ run: 1000, from: 1, to: 2 }] }, "spans[0].run", "invalid_request"],
      [{ spans: [{ run: 0.5, from: 1, to: 2 }] }, "spans[0].run", "invalid_request"],
      [{ spans: [{ run: 0, from: "1", to: 2 }] }, "spans[0].from", "invalid_request"],
      [{ spans: [{ run: 0, from: 1 }] }, "spans[0].to", "missing_parameter"],
      [{ spans: [] }, "spans", "invalid_request"],
      [{ spans: Array.from({ length: 501 }, (_, index) => ({ run: 0, from: index, to: index })) }, "spans", "invalid_request"],
      [{}, "spans", "missing_parameter"],
    ];
    for (const [body, parameter, code] of cases) {
      const error = expectError(await darkSpans(body), 400, code);
      expect(error.detail?.parameter, JSON.stringify(body).slice(0, 80)).toBe(parameter);
    }
    const extra = expectError(await darkSpans({ spans: [{ ...good, brightness: 3 }] }), 400, "invalid_request");
    expect(String(extra.detail?.parameter)).toContain("brightness");
    expect(await stored(inspectionId)).toEqual([]);
  });

  it("takes no new spans after Done; a resend of stored ones answers as before", async () => {
    const { rec, darkSpans, inspectionId, items } = await opened();
    const bytes = await makeTestVideo(dir, `closed-${randomUUID()}.webm`, { format: "webm-vp8-stream", seconds: 2 });
    const parts = await uploadRuns(rec, [bytes]);
    const spans = [{ run: 0, from: 0.3, to: 1.5 }];
    expect((await darkSpans({ spans })).status).toBe(200);
    const done = await rec.finish({ parts, events_seq: 0, finish_anyway: items.map((line) => line.id) });
    expect(done.status, done.text).toBe(202);
    expect((await darkSpans({ spans })).body).toEqual({ dark_spans: 1 });
    expectError(await darkSpans({ spans: [...spans, { run: 0, from: 1.8, to: 2 }] }), 409, "recording_closed");
    await waitUntilSealed(rec);
    expectError(await darkSpans({ spans: [{ run: 0, from: 1.9, to: 2 }] }), 409, "recording_closed");
    expect(await stored(inspectionId)).toHaveLength(1);
  });
});

describe("the seal and the review", () => {
  it("places each run's spans on the video's seconds, and review show names them and the item tapped in one", async () => {
    const { rec, darkSpans, inspectionId, items } = await opened();
    const runs = [
      await makeTestVideo(dir, `run0-${randomUUID()}.webm`, { format: "webm-vp8-stream", seconds: 4 }),
      await makeTestVideo(dir, `run1-${randomUUID()}.webm`, { format: "webm-vp8-stream", seconds: 4, scene: "dark" }),
    ];
    const parts = await uploadRuns(rec, runs);
    // The second run was filmed in the dark: the first item tapped there, the second in the light.
    expect((await darkSpans({ spans: [{ run: 1, from: 0.2, to: 3.6 }] })).status).toBe(200);
    const taps = await rec.taps([
      { seq: 1, item_id: items[0]!.id, action: "check", run: 1, run_seconds: 2 },
      { seq: 2, item_id: items[1]!.id, action: "check", run: 0, run_seconds: 2 },
    ]);
    expect(taps.status, taps.text).toBe(200);
    const done = await rec.finish({ parts, events_seq: 2, finish_anyway: [] });
    expect(done.status, done.text).toBe(202);
    expect((await waitUntilSealed(rec)).state).toBe("sealed");

    const video = await db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId } });
    const [span] = await stored(inspectionId);
    const firstRun = (await db().checklistTap.findFirstOrThrow({ where: { inspectionId, seq: 1 } })).videoSeconds! - 2;
    expect(firstRun).toBeGreaterThan(3.5);
    expect(span!.videoFrom).toBeCloseTo(firstRun + 0.2, 3);
    expect(span!.videoTo).toBeCloseTo(firstRun + 3.6, 3);
    expect(span!.videoTo!).toBeLessThanOrEqual(video.durationSeconds + 0.001);

    const shown = await runAdminJson<{
      dark_on_phone: { from: number; to: number }[];
      items: { item_id: string; dark_on_phone: boolean }[];
    }>(["review", "show", "--inspection", inspectionId], { DATA_DIR: appUnderTest().dataDir, APP_URL: appUnderTest().baseUrl });
    expect(shown.dark_on_phone).toEqual([{ from: span!.videoFrom, to: span!.videoTo }]);
    const darkOf = (id: string) => shown.items.find((line) => line.item_id === id)?.dark_on_phone;
    expect([darkOf(items[0]!.id), darkOf(items[1]!.id)]).toEqual([true, false]);
  }, 120_000);
});
