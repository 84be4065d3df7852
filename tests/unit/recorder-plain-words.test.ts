import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "../../lib/i18n/locales";
import { internalWording } from "../support/tap-targets";

/*
 * What the error and finished screens say, in every language: no byte counts, part numbers,
 * codes or the server's phrasing (issue 24). The e2e reaches one refusal on screen; this reads
 * every refusal and problem message the screens can show. Only the progress Details toggle,
 * for support, may speak of parts and megabytes.
 */

const areas = ["problems", "refusals", "finished", "file", "camera"];

type Tree = { [key: string]: string | Tree };

function messages(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : messages(value, `${prefix}${key}.`),
  );
}

describe.each(locales)("the recorder's %s error and finished words", (locale) => {
  const recorder = (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../lib/i18n/messages/${locale}.json`), "utf8")) as {
      recorder: Tree;
    }
  ).recorder;

  it("never use internal wording", () => {
    const found = areas
      .flatMap((area) => messages(recorder[area] as Tree, `${area}.`))
      .filter(([, text]) => internalWording.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });
});

describe("the recorder's English refusals", () => {
  it("speak of the video, not of parts of an upload", () => {
    const recorder = (
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../lib/i18n/messages/en.json"), "utf8")) as { recorder: Tree }
    ).recorder;
    const parts = messages(recorder.refusals as Tree, "refusals.").filter(([, text]) => /\bpart of\b/i.test(text));
    expect(parts).toEqual([]);
  });
});
