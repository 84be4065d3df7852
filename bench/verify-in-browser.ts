import { readFile } from "node:fs/promises";
import type { CDPSession } from "playwright-core";
import { launchBrowser } from "../tests/support/browser";

/*
 * The public /verify page checking an evidence packet in Chromium, as anyone would: the file
 * dropped on the page, every hash and signature checked in the tab. How long until the results
 * show, and how much memory the tab takes meanwhile (its JS heap and its renderer's resident
 * size, sampled): a page that read the whole packet into memory would grow with the video.
 */

export interface VerifyRun {
  seconds: number;
  heapPeakMiB: number;
  rendererBeforeMiB?: number;
  rendererPeakMiB?: number;
  /** The checks that did not hold, as the page names them. */
  failing: string[];
}

const mib = (bytes: number) => bytes / 1024 / 1024;

async function rendererRssMiB(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8").catch(() => ""))?.[1];
  return kb ? Number(kb) / 1024 : undefined;
}

/** Chromium's renderer processes with the CPU time each has used (CDP SystemInfo). */
async function renderers(browserCdp: CDPSession): Promise<{ id: number; cpuTime: number }[]> {
  const info = (await browserCdp.send("SystemInfo.getProcessInfo").catch(() => undefined)) as
    { processInfo: { type: string; id: number; cpuTime: number }[] } | undefined;
  return (info?.processInfo ?? []).filter((process) => process.type === "renderer");
}

async function heapUsedMiB(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return mib(metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? 0);
}

/** Drops `packet` (a file on disk) on `${appUrl}/verify` and waits for the results. */
export async function verifyInBrowser(appUrl: string, packet: string, timeoutMs = 20 * 60_000): Promise<VerifyRun> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${appUrl}/verify`);
    await page.getByRole("heading", { name: "Check a walkthrough's evidence" }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const browserCdp = await browser.newBrowserCDPSession();
    // Every renderer sampled (a spare one may be open too); the page's is the one that worked: the most CPU time at the end.
    const rss = new Map<number, { before?: number; peak?: number }>();
    for (const { id } of await renderers(browserCdp)) rss.set(id, { before: await rendererRssMiB(id) });
    let heapPeakMiB = await heapUsedMiB(cdp);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        heapPeakMiB = Math.max(heapPeakMiB, await heapUsedMiB(cdp).catch(() => 0));
        for (const [id, sizes] of rss) sizes.peak = Math.max(sizes.peak ?? 0, (await rendererRssMiB(id)) ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const started = performance.now();
    try {
      await page.getByLabel("Evidence files").setInputFiles(packet);
      await page.getByRole("heading", { name: "Results" }).waitFor({ timeout: timeoutMs });
    } finally {
      sampling = false;
      await sampler;
    }
    const seconds = (performance.now() - started) / 1000;
    const busiest = (await renderers(browserCdp)).sort((a, b) => b.cpuTime - a.cpuTime)[0];
    const renderer = busiest ? rss.get(busiest.id) : undefined;
    const lines = await page.getByRole("list", { name: "Checks" }).locator("li[data-ok='false']").allInnerTexts();
    return {
      seconds,
      heapPeakMiB,
      rendererBeforeMiB: renderer?.before,
      rendererPeakMiB: renderer?.peak,
      failing: lines.map((line) => line.split("\n")[0]!.trim()),
    };
  } finally {
    await browser.close();
  }
}
