import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot } from "./recorder-browser";

const require = createRequire(import.meta.url);
const axeSource: string = (require("axe-core") as { source: string }).source;

export const phoneViewport = { width: 390, height: 844 } as const;
export const desktopViewport = { width: 1440, height: 900 } as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The page's axe-core violations of impact serious or critical, described one per line. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** Fails with each serious or critical violation named, so the message says what to fix. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), `axe-core on ${where}`).toEqual([]);
}

/**
 * Axe at the phone's and the desktop's size, and a screenshot at each when `shot` is given
 * (`<shot>-phone`, `<shot>-desktop`, full page); the page goes back to the size it had.
 */
export async function accessibleAtBothSizes(page: Page, where: string, shot?: string, mask: Locator[] = []): Promise<void> {
  const before = page.viewportSize()!;
  for (const [size, viewport] of [
    ["phone", phoneViewport],
    ["desktop", desktopViewport],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${where} at ${size} size`);
    if (shot) await screenshot(page, `${shot}-${size}`, { fullPage: true, mask });
  }
  await page.setViewportSize(before);
}
