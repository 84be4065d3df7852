import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FrameStats, frameProblem } from "../../lib/analysis/frame-problem";
import { db } from "../../lib/db/client";
import { appUnderTest } from "../support/app-under-test";
import { runAdminJson } from "../support/cli";
import { dimmedTo, makeCameraVideo } from "../support/fake-camera";
import { keepRecorders } from "../support/recorder-flows";
import {
  inspectionOf,
  launchRecorderBrowser,
  pause,
  phoneContext,
  startRecording,
  stopRecording,
} from "../support/recorder-browser";
import { until } from "../support/until";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * The issue's promise: the phone's too-dark measure marks the seconds it found dark, and the
 * server's frame check agrees. A walkthrough filmed on a dark fake camera (ffmpeg's test pattern at
 * ~5 % brightness) with one tap: the span reaches the server when the run stops (before Done),
 * covers the tap once sealed, and the analysis (the embedded staff-review default) calls the
 * tapped item's frames "dark" too; staff see both in `review show`. On the bright camera: no span,
 * and no dark frame.
 */

let partner: TestPartner;
let workspaceId: string;
let dir: string;
let bright: Browser;
let dark: Browser;
const items = ["Shower wiped", "Mirror polished"];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-dark-agreement-"));
  const darkVideo = path.join(dir, "dark.y4m");
  await makeCameraVideo(darkVideo, 4, dimmedTo(0.05));
  partner = await createTestPartner("Dark Agreement");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-dark", "Cellar Flat", items);
  bright = await launchRecorderBrowser();
  dark = await launchRecorderBrowser(darkVideo);
});
afterAll(async () => {
  await bright?.close();
  await dark?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Shown {
  dark_on_phone: { from: number; to: number }[];
  items: { name: string; state: string; timestamp?: number; filming_problem?: string; dark_on_phone: boolean }[];
}

/** Films a walk with one tap 3 s in, stops (then waits for the spans to go), sends it, and waits for the analysis. */
async function walk(browser: Browser, expectSpans: boolean) {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
  const page = await (await phoneContext(browser)).newPage();
  await page.goto(link.recording_url);
  await startRecording(page);
  await pause(3000);
  await page.getByRole("button", { name: items[0] }).click();
  await pause(2500);
  await stopRecording(page);
  const inspection = await inspectionOf(taskId);
  // Sent as the run stopped: on the server before Done.
  const spansBeforeDone = expectSpans
    ? await until(
        "the dark spans to reach the server",
        async () => ((await db().darkSpan.count({ where: { inspectionId: inspection.id } })) > 0 ? true : undefined),
        15_000,
        200,
      )
    : (await pause(1500), false);
  await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
  await until(
    "the analysis",
    async () => ((await db().inspection.findUniqueOrThrow({ where: { id: inspection.id } })).analyzedAt ? true : undefined),
    120_000,
    250,
  );
  await page.context().close();
  const spans = await db().darkSpan.findMany({ where: { inspectionId: inspection.id } });
  const tap = await db().checklistTap.findFirstOrThrow({ where: { inspectionId: inspection.id, seq: 1 } });
  const line = await db().inspectionItem.findFirstOrThrow({ where: { inspectionId: inspection.id, name: items[0] } });
  const shown = await runAdminJson<Shown>(["review", "show", "--inspection", inspection.id], {
    DATA_DIR: appUnderTest().dataDir,
    APP_URL: appUnderTest().baseUrl,
  });
  return { spansBeforeDone, spans, tap, line, shown };
}

describe("the phone and the server agree on the dark seconds", () => {
  it("a dark walk: the phone's span covers the tap, and the server's frame check calls that moment dark", async () => {
    const { spansBeforeDone, spans, tap, line, shown } = await walk(dark, true);
    expect(spansBeforeDone).toBe(true);
    // The camera was dark from the start: one span over the run, placed on the video's seconds.
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span!.videoFrom).not.toBeNull();
    expect(span!.videoTo! - span!.videoFrom!).toBeGreaterThan(4);
    expect(tap.videoSeconds!).toBeGreaterThanOrEqual(span!.videoFrom!);
    expect(tap.videoSeconds!).toBeLessThanOrEqual(span!.videoTo!);
    // The server's own measure of the frames at the tap: dark, so the item is missed by the filming.
    expect({ state: line.state, decidedBy: line.decidedBy }).toEqual({ state: "missed", decidedBy: "filming" });
    const stats = line.frameStats as unknown as FrameStats & { problem?: string };
    expect(frameProblem(stats), JSON.stringify(stats)).toBe("dark");
    expect(stats.problem).toBe("dark");
    // Staff see both sides at the same moment.
    expect(shown.dark_on_phone).toEqual([{ from: span!.videoFrom, to: span!.videoTo }]);
    expect(shown.items.find((entry) => entry.name === items[0])).toMatchObject({ filming_problem: "dark", dark_on_phone: true });
  }, 240_000);

  it("a bright walk: no span is stored and no frame is dark", async () => {
    const { spans, line, shown } = await walk(bright, false);
    expect(spans).toEqual([]);
    expect(line.state).toBe("pending");
    const stats = line.frameStats as unknown as FrameStats;
    expect(stats.brightness, JSON.stringify(stats)).toBeGreaterThan(100);
    expect(frameProblem(stats)).toBeUndefined();
    expect(shown.dark_on_phone).toEqual([]);
    expect(shown.items.find((entry) => entry.name === items[0])).toMatchObject({ dark_on_phone: false });
  }, 240_000);

  it("a run the recorder restarted: its span counts from its own start, as its taps do", async () => {
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(dark);
    // Keeps the page's MediaRecorders, so the test can stop one as iOS Safari does after ten minutes.
    await context.addInitScript(keepRecorders);
    const page = await context.newPage();
    await page.goto(link.recording_url);
    await startRecording(page);
    await pause(4000);
    await page.evaluate(() => (window as unknown as { testRecorders: MediaRecorder[] }).testRecorders.at(-1)!.stop());
    await page.getByText("The camera restarted by itself. Nothing was lost: keep filming.").waitFor({ timeout: 10_000 });
    await pause(2000);
    await page.getByRole("button", { name: items[0] }).click();
    await pause(2000);
    await stopRecording(page);
    const inspection = await inspectionOf(taskId);
    const spans = await until(
      "both runs' dark spans on the server",
      async () => {
        const stored = await db().darkSpan.findMany({ where: { inspectionId: inspection.id }, orderBy: { run: "asc" } });
        return new Set(stored.map((span) => span.run)).size === 2 ? stored : undefined;
      },
      15_000,
      200,
    );
    const tap = await db().checklistTap.findFirstOrThrow({ where: { inspectionId: inspection.id, seq: 1 } });
    const second = spans.find((span) => span.run === tap.run)!;
    expect(tap.run).toBe(1);
    // Dark from the restart on: from near the run's start (not 4 s in, the timer's count), over the tap.
    expect(second.fromSeconds).toBeLessThan(1);
    expect(second.fromSeconds).toBeLessThanOrEqual(tap.runSeconds);
    expect(second.toSeconds).toBeGreaterThanOrEqual(tap.runSeconds);
    expect(second.toSeconds).toBeLessThan(tap.runSeconds + 3);
    await context.close();
  }, 120_000);
});
