import type { Page } from "playwright-core";

/*
 * What a gloved thumb needs of a screen (issue 24): every target at least 48 x 48 CSS px, the
 * screen's main action at least 56 high, and at least 8 px between two targets a thumb can reach
 * at once. A target is a button, a link, a summary, [role=button], or a label that wraps its
 * input (the file chooser, the language picker); the input inside such a label is the label's
 * own target, not a second one. Sizes come from Playwright's boundingBox.
 */

export const minTarget = 48;
export const minMainAction = 56;
export const minSpacing = 8;

const targetSelector = "button, a[href], summary, [role=button], label:has(input, select, textarea)";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Target {
  describe: string;
  box: Box;
  /** The thumb reaches it where it is now: it is on screen and no part of it is under another layer (the sticky bar). */
  reachable: boolean;
  /** Indexes of targets inside this one (a button in a label), not spaced from it. */
  contains: number[];
}

/** Every visible target of the page, measured. Visually hidden ones (sr-only, 1 px) are not targets. */
export async function measureTargets(page: Page): Promise<Target[]> {
  const locators = await page.locator(targetSelector).all();
  const targets: Target[] = [];
  const handles = [];
  for (const locator of locators) {
    const box = await locator.boundingBox();
    if (!box || box.width <= 1 || box.height <= 1 || !(await locator.isVisible())) continue;
    const handle = await locator.elementHandle();
    if (!handle) continue;
    const describe = await locator.evaluate((element) => {
      const name = element.getAttribute("aria-label") ?? (element as HTMLElement).innerText?.trim() ?? "";
      return `<${element.tagName.toLowerCase()}> "${name.replace(/\s+/g, " ").slice(0, 60)}"`;
    });
    targets.push({ describe, box, reachable: false, contains: [] });
    handles.push(handle);
  }
  const relations = await page.evaluate((elements) => {
    return elements.map((element, index) => {
      const rect = element.getBoundingClientRect();
      const cx = rect.left + rect.width / 2;
      // Its top, middle and bottom all in view and on top: one half under the sticky bar is not yet reachable.
      const ys = [rect.top + 2, rect.top + rect.height / 2, rect.bottom - 2];
      const shows = (y: number) => {
        if (cx < 0 || y < 0 || cx > window.innerWidth || y > window.innerHeight) return false;
        const hit = document.elementFromPoint(cx, y);
        return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
      };
      return {
        reachable: ys.every(shows),
        contains: elements.flatMap((other, at) => (at !== index && element.contains(other) ? [at] : [])),
      };
    });
  }, handles);
  relations.forEach((relation, index) => Object.assign(targets[index]!, relation));
  return targets;
}

/** The empty space between two boxes: 0 when they touch or overlap. */
export function gapBetween(a: Box, b: Box): number {
  const dx = Math.max(0, Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width));
  const dy = Math.max(0, Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height));
  return Math.max(dx, dy);
}

/** What a gloved thumb would miss on this screen, one line each; empty when all is well. */
export function targetProblems(targets: Target[], mainAction?: string): string[] {
  const problems: string[] = [];
  // Half a pixel of rounding: a box measured at 47.99 is a 48 px target drawn at a fractional offset.
  const tolerance = 0.5;
  for (const target of targets) {
    const { width, height } = target.box;
    if (width + tolerance < minTarget || height + tolerance < minTarget)
      problems.push(`${target.describe} is ${width.toFixed(1)} x ${height.toFixed(1)}`);
  }
  if (mainAction !== undefined) {
    const main = targets.find((target) => target.describe.includes(`"${mainAction}`));
    if (!main) problems.push(`no main action "${mainAction}"`);
    else if (main.box.height + tolerance < minMainAction)
      problems.push(`main action ${main.describe} is ${main.box.height.toFixed(1)} high`);
  }
  targets.forEach((a, i) => {
    targets.forEach((b, j) => {
      if (j <= i || !a.reachable || !b.reachable || a.contains.includes(j) || b.contains.includes(i)) return;
      const gap = gapBetween(a.box, b.box);
      if (gap + tolerance < minSpacing) problems.push(`${a.describe} and ${b.describe} are ${gap.toFixed(1)} px apart`);
    });
  });
  return problems;
}

/** Words meant for engineers: byte counts, part numbers, the server's phrasing, codes, snake_case. */
// Whole words: "sha" is inside German's "deshalb", "part" inside many words.
export const internalWording = /\bbytes?\b|\bpart \d|stored with|_|checksum|\bsha(-?256)?\b|\b409\b|\b500\b|error code/i;

/** The page's visible text outside the Details toggles, where the numbers for support are allowed. */
export function textOutsideDetails(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const details of copy.querySelectorAll("details")) details.remove();
    for (const hidden of copy.querySelectorAll("script, style, template, noscript")) hidden.remove();
    return copy.textContent ?? "";
  });
}
