// Debian's Chromium with its fake camera at a phone's size, without vitest, so the bench can use
// it as well as the e2e tests (tests/support/recorder-browser.ts re-exports it).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser } from "./browser";

const run = promisify(execFile);
const cameraFile = path.join(tmpdir(), "walkthrough-fake-camera-v1.y4m");

/** An ffmpeg filter that dims the picture to `fraction` of its light: 0.05 is a bathroom with the light off. */
export function dimmedTo(fraction: number): string {
  return `lutrgb=r=val*${fraction}:g=val*${fraction}:b=val*${fraction}`;
}

/** ffmpeg's moving test pattern as a y4m file for the fake camera, `filter` applied (e.g. `dimmedTo(0.05)`). */
export async function makeCameraVideo(file: string, seconds: number, filter?: string): Promise<void> {
  await run("ffmpeg", [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=480x270:rate=15",
    "-t",
    String(seconds),
    ...(filter ? ["-vf", filter] : []),
    "-pix_fmt",
    "yuv420p",
    file,
  ]);
}

/** The moving test pattern the fake camera plays by default; Chromium loops it. Made once per machine. */
async function fakeCameraFile(): Promise<string> {
  if (existsSync(cameraFile)) return cameraFile;
  const draft = `${cameraFile}.${process.pid}.y4m`;
  await makeCameraVideo(draft, 6);
  await run("mv", [draft, cameraFile]);
  return cameraFile;
}

/** Chromium whose camera plays `video` (the default test pattern when none is given). */
export async function launchRecorderBrowser(video?: string): Promise<Browser> {
  return launchBrowser([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${video ?? (await fakeCameraFile())}`,
    "--autoplay-policy=no-user-gesture-required",
  ]);
}

/** A phone-sized context: 390 x 844 CSS pixels, touch, a mobile user agent's viewport rules. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  // A script error in the page shows in the test's output: a screen that never moves on says why.
  context.on("weberror", (error) => process.stderr.write(`[page error] ${error.error().message}\n`));
  return context;
}
