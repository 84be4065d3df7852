import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { db } from "../../lib/db/client";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { probeMedia } from "../../lib/video/probe-media";
import { localDriverOfApp } from "./media";
import { measureTargets, targetProblems } from "./tap-targets";

/*
 * The recording app in Debian's Chromium with its fake camera (notes/toolchain.md): the camera
 * plays a test pattern made with ffmpeg, the permission prompt is answered yes, and the page runs
 * at a phone's size. The recorder under test is the real page, MediaRecorder, IndexedDB and all.
 */

export { launchRecorderBrowser, phoneContext } from "./fake-camera";

/** Waits until the recorder shows it is recording, and answers the wall-clock time it began. */
export async function startRecording(
  page: Page,
  button: "Start recording" | "Continue recording" = "Start recording",
): Promise<number> {
  await page.getByRole("button", { name: button }).click();
  await page.getByRole("timer").waitFor({ timeout: 20_000 });
  return Date.now();
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The inspection of a task, found by its recording URL's task. */
export async function inspectionOf(taskExternalId: string) {
  return db().inspection.findFirstOrThrow({ where: { task: { externalId: taskExternalId } }, include: { video: true } });
}

/** The sealed video, copied out of the app's media and probed with ffprobe. */
export async function probeSealedVideo(inspectionId: string) {
  const object = await localDriverOfApp().get(recordingKeys.video(inspectionId));
  expect(object, "the sealed video is stored").not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  const dir = path.join(tmpdir(), "walkthrough-e2e-videos");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${inspectionId}.mp4`);
  await writeFile(file, Buffer.concat(chunks));
  return { file, contentType: object!.contentType, probe: await probeMedia(file) };
}

/** Where screenshots of the recorder go (the README shows them): set RECORDER_SCREENSHOTS_DIR to keep them. */
/** `mask` covers what must not be committed in a picture, such as a key shown once. */
export async function screenshot(page: Page, name: string, { fullPage = false, mask = [] as Locator[] } = {}): Promise<void> {
  const dir = process.env.RECORDER_SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), scale: "css", fullPage, mask, maskColor: "#c5ced8" });
}

/** The round stop button while recording; answers once the stopped screen is up. */
export async function stopRecording(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Stop recording" }).click();
  await page.getByRole("heading", { name: "Recording stopped" }).waitFor({ timeout: 20_000 });
}

/** Stop, then Done: send the walkthrough (what is not checked off is then reported missed). */
export async function stopAndSend(page: Page): Promise<void> {
  await stopRecording(page);
  await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
}

/** Every target on the screen fit for a gloved thumb (tests/support/tap-targets.ts: size and spacing). */
export async function expectTapTargets(page: Page): Promise<void> {
  expect(targetProblems(await measureTargets(page))).toEqual([]);
}
