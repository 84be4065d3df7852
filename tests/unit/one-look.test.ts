import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * One look for the whole product: pages and components are built from components/ui and the
 * Tailwind theme in app/globals.css (the design tokens). A CSS module, a hex colour or an inline
 * style in a page is a second token set starting to drift, so each is refused here, apart from
 * the few places named below with why.
 */

const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

const sources = [...files("app", /\.tsx?$/), ...files("components", /\.tsx?$/)];
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Files that may set a colour by value, each with why. */
const colourValues: Record<string, string> = {
  "components/ui/Logo.tsx": "the mark's white strokes on the accent square, as in public/logo-mark.svg",
  "app/layout.tsx": "the browser's theme colour (a meta tag takes a value, not a class)",
  "app/r/page.tsx": "the browser's theme colour (a meta tag takes a value, not a class)",
  "app/r/[token]/page.tsx": "the browser's theme colour (a meta tag takes a value, not a class)",
};

/** Files that may set an inline style, each with why: the value is computed at run time. */
const inlineStyles: Record<string, string> = {
  "components/report/VideoTimeline.tsx": "each mark's position and the played bar's width are a share of the video's length",
  "components/consoles/review/Timeline.tsx": "each mark's and dark span's position is a share of the video's length",
  "components/consoles/ChecklistRowEditor.tsx": "a dragged row follows the pointer (dnd-kit's transform)",
};

describe("one look: pages are built from the kit and the theme's tokens", () => {
  it("has no CSS module and no stylesheet but the theme", () => {
    expect(files("app", /\.css$/)).toEqual(["app/globals.css"]);
    expect(files("components", /\.css$/)).toEqual([]);
    expect(sources.filter((file) => /\.module\.css["']/.test(read(file)))).toEqual([]);
  });

  it("sets no colour by value outside the theme", () => {
    const hex = /(?<!&)#[0-9a-fA-F]{3,8}\b(?![-\w])/;
    expect(sources.filter((file) => !(file in colourValues) && hex.test(read(file)))).toEqual([]);
  });

  it("uses no inline style except for values computed at run time", () => {
    expect(sources.filter((file) => !(file in inlineStyles) && /\bstyle=\{/.test(read(file)))).toEqual([]);
  });

  it("uses no Tailwind palette colour: the theme switches the palette off, so such a class would silently do nothing", () => {
    const palette =
      /\b(?:bg|text|border|ring|outline|fill|stroke|from|to|via)-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}\b/;
    expect(sources.filter((file) => palette.test(read(file)))).toEqual([]);
  });

  it("keeps the allowances current: each names a file that still needs it", () => {
    const stale = [
      ...Object.keys(colourValues).filter((file) => !sources.includes(file) || !/#[0-9a-fA-F]{3,8}\b/.test(read(file))),
      ...Object.keys(inlineStyles).filter((file) => !sources.includes(file) || !/\bstyle=\{/.test(read(file))),
    ];
    expect(stale).toEqual([]);
  });
});
