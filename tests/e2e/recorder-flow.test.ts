import { createHash, createPublicKey, randomUUID, verify, type JsonWebKey } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import type { RecordingRecord } from "../../lib/evidence/recording-record";
import es from "../../lib/i18n/messages/es.json";
import { recorderWords } from "../support/recorder-words";
import { decideItem } from "../../lib/review/decide-item";
import { call } from "../support/api";
import { expectAccessible } from "../support/axe";
import { packetEntries } from "../support/evidence-packet";
import {
  expectTapTargets,
  inspectionOf,
  launchRecorderBrowser,
  pause,
  phoneContext,
  probeSealedVideo,
  screenshot,
  startRecording,
  stopRecording,
} from "../support/recorder-browser";
import { keepRecorders } from "../support/recorder-flows";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * The one clear stop, and a recorder that restarts itself. While recording the round stop is the
 * main action; Stop lists what is not checked off with two ways on (Continue recording, Done). The
 * MediaRecorder stopping by itself (iOS Safari after about ten minutes) is played by stopping it
 * from the test: recording goes on in a new run, the cleaner is told nothing was lost, and the
 * sealed video holds every run. Then the one-tap reasons in Spanish: what reaches the API is the
 * English reason, and an item staff decided meanwhile says, on its own row, why it was refused.
 */

let browser: Browser;
let partner: TestPartner;
let workspaceId: string;
const items = ["Oven cleaned", "Towels folded", "Balcony swept"];

beforeAll(async () => {
  partner = await createTestPartner("Brightside Rentals");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-flow", "Harbour Loft", items);
  browser = await launchRecorderBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const recorderStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { testRecorders: MediaRecorder[] }).testRecorders.map((recorder) => recorder.state));

describe("stopping and going on", () => {
  it("restarts a recorder that stopped by itself, stops on the round button, continues, and seals every run", async () => {
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(browser);
    await context.addInitScript(keepRecorders);
    const page = await context.newPage();
    // Each part's SHA-256 as the phone computed and sent it (its X-Part-SHA256), by part number.
    const phoneHashes = new Map<number, string>();
    page.on("request", (request) => {
      const part = /\/parts\/(\d+)$/.exec(new URL(request.url()).pathname);
      const hash = request.headers()["x-part-sha256"];
      if (request.method() === "PUT" && part && hash) phoneHashes.set(Number(part[1]), hash);
    });
    await page.goto(link.recording_url);

    const started = await startRecording(page);
    const stop = page.getByRole("button", { name: "Stop recording" });
    const stopBox = (await stop.boundingBox())!;
    expect(stopBox.width).toBeGreaterThanOrEqual(56);
    expect(stopBox.height).toBeGreaterThanOrEqual(56);
    expect(await page.getByRole("button", { name: "Done" }).count()).toBe(0);
    await pause(2000);
    await page.getByRole("button", { name: items[0] }).click();
    await pause(2500);

    // The recorder dies by itself: a new run takes over on the same camera, and the cleaner is told.
    await page.evaluate(() => (window as unknown as { testRecorders: MediaRecorder[] }).testRecorders.at(-1)!.stop());
    await page.getByText("The camera restarted by itself. Nothing was lost: keep filming.").waitFor({ timeout: 10_000 });
    await expect.poll(() => recorderStates(page), { timeout: 10_000 }).toEqual(["inactive", "recording"]);
    expect(await page.getByRole("timer").count()).toBe(1);
    await screenshot(page, "restarted-phone");
    await expectAccessible(page, "the recording screen after a restart (phone)");
    await pause(3500);
    const firstStretch = (Date.now() - started) / 1000;

    // Stop: the untapped items, what is saved, and the two ways on.
    await stopRecording(page);
    await page.getByRole("heading", { name: "Not filmed yet" }).waitFor();
    await expect.poll(() => page.locator("main li").allInnerTexts()).toEqual([items[1], items[2]]);
    await page.getByText(/These 2 items are not checked off/).waitFor();
    await screenshot(page, "stopped-phone");
    await expectAccessible(page, "the stopped screen (phone)");
    await expectTapTargets(page);
    const main = (await page.getByRole("button", { name: "Continue recording" }).boundingBox())!;
    expect(main.height).toBeGreaterThanOrEqual(56);
    expect(await recorderStates(page)).toEqual(["inactive", "inactive"]);

    // Continue recording: a new run; the item filmed now is no longer left.
    const second = await startRecording(page, "Continue recording");
    await pause(1500);
    await page.getByRole("button", { name: items[1] }).click();
    await pause(2000);
    const secondStretch = (Date.now() - second) / 1000;
    await stopRecording(page);
    await expect.poll(() => page.locator("main li").allInnerTexts()).toEqual([items[2]]);
    const done = page.getByRole("button", { name: "Done: send the walkthrough" });
    expect((await done.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await done.click();
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 120_000 });

    // Three runs (the restart, then Continue), every part sealed, one video as long as all of them.
    const inspection = await inspectionOf(taskId);
    const runs = await db().recordingPart.groupBy({ by: ["run"], where: { inspectionId: inspection.id } });
    expect(runs.map((run) => run.run).sort()).toEqual([0, 1, 2]);
    const video = await probeSealedVideo(inspection.id);
    const recorded = firstStretch + secondStretch;
    expect(video.probe.durationSeconds!).toBeGreaterThan(recorded - 1.5);
    expect(video.probe.durationSeconds!).toBeLessThan(recorded + 1);
    const lines = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: "asc" } });
    expect(lines.map((line) => [line.name, line.state])).toEqual([
      [items[0], "pending"],
      [items[1], "pending"],
      [items[2], "missed"],
    ]);

    // The recording record (issue 27): it verifies with Node's crypto against the published keys,
    // names every part the phone sent with the hash it sent, the phone's browser, and the bytes the
    // video endpoint serves.
    const query = { workspace_id: workspaceId };
    const evidence = await call("GET", `/v1/inspections/${inspection.id}/evidence`, { key: partner.apiKey, query });
    expect(evidence.status, evidence.text).toBe(200);
    const [header, payload, signature] = (evidence.body.recording_record as string).split(".") as [string, string, string];
    const { kid } = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { kid: string };
    const jwks = (await (await fetch(evidence.body.jwks_url as string)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const publicKey = createPublicKey({ key: jwks.keys.find((key) => key.kid === kid)!, format: "jwk" });
    expect(verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, "base64url"))).toBe(true);
    const record = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as RecordingRecord;
    const sent = await db().recordingPart.findMany({ where: { inspectionId: inspection.id }, orderBy: { partNumber: "asc" } });
    expect(record.parts.map((part) => [part.index, part.run, part.sha256])).toEqual(
      sent.map((part) => [part.partNumber, part.run, part.sha256]),
    );
    expect(record).toMatchObject({ capture: "live_camera", user_agent: expect.stringContaining("Chrome") });
    // The phone's clock when each run started, as it claimed: here, within seconds of the test's own clock.
    expect(record.runs?.map((claim) => claim.run)).toEqual([0, 1, 2]);
    const claimedMs = record.runs!.map((claim) => Date.parse(claim.device_claimed_started_at));
    expect(record.device_claimed_started_at).toBe(record.runs![0]!.device_claimed_started_at);
    expect(Math.abs(claimedMs[0]! - started)).toBeLessThan(5000);
    expect(Math.abs(claimedMs[2]! - second)).toBeLessThan(5000);
    expect(claimedMs[1]).toBeGreaterThan(claimedMs[0]!);
    expect(claimedMs[1]).toBeLessThan(claimedMs[2]!);
    const videoLink = await call("GET", `/v1/inspections/${inspection.id}/video`, { key: partner.apiKey, query });
    const bytes = Buffer.from(await (await fetch(videoLink.body.download_url as string)).arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(record.video.sha256);

    // The evidence packet hands out the parts untouched: each file hashes to what the phone sent.
    const packet = await fetch((evidence.body.packet as { download_url: string }).download_url);
    expect(packet.status).toBe(200);
    const files = await packetEntries(Buffer.from(await packet.arrayBuffer()));
    const partFiles = [...files.keys()].filter((name) => name.startsWith("parts/")).sort();
    expect(partFiles).toEqual(record.parts.map((part) => `parts/run-${part.run}/${String(part.index).padStart(5, "0")}.part`));
    expect(partFiles.map((name) => createHash("sha256").update(files.get(name)!).digest("hex"))).toEqual(
      record.parts.map((part) => phoneHashes.get(part.index)),
    );
    await context.close();
  });

  it("says when every item is checked off, and Done is then the main action", async () => {
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(link.recording_url);
    await startRecording(page);
    for (const name of items) {
      await pause(700);
      await page.getByRole("button", { name }).click();
    }
    await pause(1000);
    await stopRecording(page);
    await page.getByRole("heading", { name: "Every item is checked off" }).waitFor();
    expect(await page.locator("main li").count()).toBe(0);
    const done = page.getByRole("button", { name: "Done: send the walkthrough" });
    expect((await done.boundingBox())!.height).toBeGreaterThanOrEqual(56);
    await expectAccessible(page, "the stopped screen with every item checked off (phone)");
    await done.click();
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 120_000 });
    const inspection = await inspectionOf(taskId);
    const lines = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id } });
    expect(lines.map((line) => line.state)).toEqual(["pending", "pending", "pending"]);
    await context.close();
  });

  it("in Spanish: sends the chosen reasons in English, and says per item which went and which was refused", async () => {
    const words = es.recorder;
    const t = await recorderWords("es");
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "es-ES",
    });
    const page = await context.newPage();
    await page.goto(link.recording_url);
    await page.getByRole("button", { name: words.ready.start }).click();
    await page.getByRole("timer").waitFor({ timeout: 20_000 });
    await pause(1500);
    // One item checked off waits for staff, so explanations stay open.
    await page.getByRole("button", { name: items[1] }).click();
    await pause(1500);
    await page.getByRole("button", { name: words.stopped.stop }).click();
    await page.getByRole("heading", { name: words.stopped.title }).waitFor();
    await page.getByRole("button", { name: words.stopped.done }).click();
    await page.getByRole("heading", { name: words.finished.uploadedTitle }).waitFor({ timeout: 120_000 });

    await page.goto(link.recording_url);
    await page.getByRole("heading", { name: words.results.title }).waitFor();
    const group = (name: string) => page.getByRole("group", { name: words.reasons.legend.replace("{item}", name) });
    await group(items[0]!).getByRole("button", { name: words.reasons.cameraMissed }).click();
    await group(items[2]!).getByRole("button", { name: words.reasons.noSupplies }).click();
    // Meanwhile staff decide one of them: that one can no longer be explained.
    const inspection = await inspectionOf(taskId);
    const decided = await db().inspectionItem.findFirstOrThrow({ where: { inspectionId: inspection.id, name: items[2] } });
    await decideItem(inspection.id, decided.itemId, "missed", { releaseWhenDone: false });
    await page.getByRole("button", { name: t("reasons.send", { count: 2 }) }).click();

    await page.getByText(words.refusals.item_decided_by_staff).waitFor({ timeout: 20_000 });
    expect(await page.getByText(words.reasons.sent, { exact: true }).count()).toBe(1);
    await page.getByText(`“${words.reasons.cameraMissed}”`).waitFor();
    await screenshot(page, "reasons-refused-es-phone", { fullPage: true });
    await expectAccessible(page, "the reasons with one refused (phone, Spanish)");
    const lines = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: "asc" } });
    expect(Object.fromEntries(lines.map((line) => [line.name, [line.state, line.reason]]))).toEqual({
      [items[0]!]: ["explained", "Done, the camera missed it"],
      [items[1]!]: ["pending", null],
      [items[2]!]: ["missed", null],
    });
    await context.close();
  });
});
