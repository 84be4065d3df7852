import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { demoApiKey } from "../support/app-process";
import { call } from "../support/api";
import { expectAccessible } from "../support/axe";
import { type FakeAnalysisProvider } from "../support/fake-analysis-provider";
import {
  inspectionOf,
  launchRecorderBrowser,
  pause,
  phoneContext,
  screenshot,
  startRecording,
  stopRecording,
} from "../support/recorder-browser";
import { until } from "../support/until";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * With a provider, each check's still is judged while the cleaner walks: a check the camera did
 * not show is flagged on the phone with "Film again" and "Finish anyway". An app of its own, with
 * the fake provider.
 */

let provider: FakeAnalysisProvider;
let browser: Browser;
let key: string;
let workspaceId: string;
const items = ["Oven cleaned", "Balcony swept", "Fridge emptied"];

const app = useApp({ env: { CREATE_DEMO_PARTNER: "true" }, fakes: ["analysis"], database: "live" });

beforeAll(async () => {
  provider = app.analysis;
  key = await demoApiKey(app);
  workspaceId = await readyWorkspace(key, "live", [item("home-1", { name: "Dune Cottage" })]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
  browser = await launchRecorderBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("verdicts while walking", () => {
  it("flags a check the camera did not show; the cleaner finishes it anyway and it ends missed with its picture", async () => {
    provider.setVerdict(items[1]!, { state: "missed", confidence: 0.92, rationale: "Only the sky is in the frame." });
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(link.recording_url);
    const started = await startRecording(page);
    await pause(1500);
    await page.getByRole("button", { name: items[0] }).click();
    await pause(1000);
    const flaggedAt = (Date.now() - started) / 1000;
    await page.getByRole("button", { name: items[1] }).click();

    const flag = page.getByRole("alert", { name: `${items[1]}: not clear on camera` });
    await flag.waitFor({ timeout: 30_000 });
    expect(await page.getByRole("alert", { name: `${items[0]}: not clear on camera` }).count()).toBe(0);
    await screenshot(page, "17-flagged");
    await expectAccessible(page, "a flagged check while recording (phone)");
    await flag.getByRole("button", { name: "Finish anyway" }).click();
    await flag.waitFor({ state: "detached" });

    await pause(1500);
    await stopRecording(page);
    // The item never checked is still left to film.
    await page.getByRole("heading", { name: "Not filmed yet" }).waitFor();
    await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 90_000 });

    const inspection = await inspectionOf(taskId);
    const lines = await until(
      "the analysis",
      async () => {
        const found = await db().inspectionItem.findMany({
          where: { inspectionId: inspection.id },
          orderBy: { position: "asc" },
        });
        return found.every((line) => line.state !== "pending") ? found : undefined;
      },
      60_000,
      200,
    );
    expect(lines.map((line) => [line.name, line.state, line.finishedAnyway])).toEqual([
      [items[0], "verified", false],
      [items[1], "missed", true],
      [items[2], "missed", true],
    ]);
    // The flagged item keeps the picture of the check it skipped.
    expect(Math.abs(lines[1]!.timestampSeconds! - flaggedAt)).toBeLessThan(1);
    expect(lines[1]!.stillKey).toBeTruthy();
    expect(lines[2]!.timestampSeconds).toBeNull();
    // The stills reached the provider while walking, each with its item's name.
    expect(
      provider.requests.filter((request) => request.kind === "checklist_verdict").map((request) => request.itemName),
    ).toEqual(expect.arrayContaining([items[0], items[1]]));
    const taps = await db().checklistTap.findMany({ where: { inspectionId: inspection.id }, orderBy: { seq: "asc" } });
    expect(taps.map((tap) => tap.liveState)).toEqual(["verified", "missed"]);
    await context.close();
  });

  it("Film again undoes the check; checked again with the item in view, the flag stays away and the item ends verified", async () => {
    provider.setVerdict(items[2]!, { state: "missed", confidence: 0.9, rationale: "A blur." });
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(link.recording_url);
    await startRecording(page);
    await pause(1000);
    const toggle = page.getByRole("button", { name: items[2] });
    await toggle.click();
    const flag = page.getByRole("alert", { name: `${items[2]}: not clear on camera` });
    await flag.waitFor({ timeout: 30_000 });

    provider.setVerdict(items[2]!, { state: "verified", confidence: 0.95, rationale: "The fridge is empty." });
    await flag.getByRole("button", { name: "Film again" }).click();
    await flag.waitFor({ state: "detached" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await pause(1000);
    await toggle.click();
    const inspection = await inspectionOf(taskId);
    await until(
      "the second check's verdict",
      async () => (await db().checklistTap.findFirst({ where: { inspectionId: inspection.id, seq: 3 } }))?.liveState ?? undefined,
      30_000,
      200,
    );
    // Polled at least once more after the verdict: the flag does not come back.
    await pause(3500);
    expect(await flag.count()).toBe(0);

    await stopRecording(page);
    await page.getByRole("heading", { name: "Not filmed yet" }).waitFor();
    await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 90_000 });
    const lines = await until(
      "the analysis",
      async () => {
        const found = await db().inspectionItem.findMany({
          where: { inspectionId: inspection.id },
          orderBy: { position: "asc" },
        });
        return found.length > 0 && found.every((line) => line.state !== "pending") ? found : undefined;
      },
      60_000,
      200,
    );
    expect(lines.map((line) => [line.name, line.state, line.finishedAnyway])).toEqual([
      [items[2], "verified", false],
      [items[0], "missed", true],
      [items[1], "missed", true],
    ]);
    const taps = await db().checklistTap.findMany({ where: { inspectionId: inspection.id }, orderBy: { seq: "asc" } });
    expect(taps.map((tap) => [tap.action, tap.liveState])).toEqual([
      ["check", "missed"],
      ["uncheck", null],
      ["check", "verified"],
    ]);
    await context.close();
  });
});
