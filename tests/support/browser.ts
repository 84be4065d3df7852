import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (`apt-get install -y chromium`): Playwright cannot download its own here. */
export const chromiumPath = "/usr/bin/chromium";

/**
 * Flags from notes/toolchain.md. Without the background-networking ones Chromium keeps
 * calling Google services and floods the closed network with refused connections.
 */
const baseArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A headless Chromium for e2e tests; `extraArgs` adds flags such as the fake-camera ones.
 *
 * Each launch gets a fresh, empty profile in a temp folder that `browser.close()` removes.
 * Playwright makes that folder itself and passes it as `--user-data-dir`: it refuses the flag
 * in `launch()` (only `launchPersistentContext`, which yields a single context, takes one).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...baseArgs, ...extraArgs] });
}
