import type { Page } from "playwright-core";
import { expect } from "vitest";

/*
 * Stored values shown as they are stored: `pending_setup`, `api_key.revoke`, `MAJOR`, an ISO time.
 * People read labels (lib/labels); a value shown verbatim on purpose (a name the CLI takes, an
 * error's text) is marked `data-verbatim` and skipped. Addresses and links are not values.
 */
const rawPatterns: readonly [string, RegExp][] = [
  ["snake_case value", /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/],
  ["dotted action", /^[a-z_]+\.[a-z_]+$/],
  ["enum in capitals", /^(?:MINOR|MODERATE|MAJOR)$/],
  ["ISO time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ["unrendered value", /^(?:undefined|null|NaN|\[object)$/],
];

/** The raw values in the page's main region, each with the kind of value it looks like. */
export async function rawValuesOn(page: Page): Promise<string[]> {
  const words = await page.locator("main").evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!node.parentElement?.closest("[data-verbatim], script, style")) found.push(...(node.textContent ?? "").split(/\s+/));
    return found;
  });
  const raw = new Set<string>();
  for (const word of words) {
    const token = word.replace(/^[("“'‘]+|[)"”'’,.:;!?…]+$/g, "");
    if (token === "" || token.includes("@") || token.includes("/")) continue;
    const match = rawPatterns.find(([, pattern]) => pattern.test(token));
    if (match) raw.add(`${token} (${match[0]})`);
  }
  return [...raw];
}

export async function expectNoRawValues(page: Page, where: string): Promise<void> {
  expect(await rawValuesOn(page), `raw values on ${where}`).toEqual([]);
}
