import { readFileSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { locales } from "../../lib/i18n/locales";
import { pickLocale } from "../../lib/i18n/pick-locale";
import { pseudoCatalogue, pseudoMessage } from "../../lib/i18n/pseudo";
import { requestLocale } from "../../lib/i18n/request-locale";

/*
 * Every catalogue says everything English says, with the same placeholders, in valid ICU: a key
 * added to English fails here until each language has it. The recorder's namespace is required in
 * every language; a page that is English for now (sign-in, report, people) has its namespace in
 * English only, and any language that has it must have it whole.
 */

const requiredEverywhere = ["recorder"];

type Catalogue = { [key: string]: string | Catalogue };

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../lib/i18n/messages/${locale}.json`), "utf8")) as Catalogue;

function flatten(tree: Catalogue, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const english = flatten(catalogue("en"));

describe.each(locales.filter((locale) => locale !== "en"))("the %s catalogue", (locale) => {
  const messages = flatten(catalogue(locale));
  const namespaces = new Set([...requiredEverywhere, ...Object.keys(catalogue(locale))]);
  const expected = [...english.keys()].filter((key) => namespaces.has(key.split(".")[0]!));

  it("has every key English has in its namespaces (the recorder's at least), and no other", () => {
    expect(
      [...messages.keys()].filter((key) => !english.has(key)),
      "keys English does not have",
    ).toEqual([]);
    expect(
      expected.filter((key) => !messages.has(key)),
      "keys missing",
    ).toEqual([]);
  });

  it("uses exactly English's placeholders, in valid ICU", () => {
    for (const [key, text] of messages) {
      const reference = english.get(key);
      if (reference === undefined) continue;
      expect([...argumentsOf(parse(text))].sort(), key).toEqual([...argumentsOf(parse(reference))].sort());
    }
  });

  it("is translated, not English copied (names and codes aside)", () => {
    const same = [...messages].filter(([key, text]) => english.get(key) === text && /\s/.test(text));
    expect(same.length, same.map(([key]) => key).join(", ")).toBeLessThanOrEqual(Math.ceil(messages.size * 0.02));
  });
});

describe("the pseudo-locale", () => {
  it("brackets and accents every message and keeps its placeholders and plurals", () => {
    expect(pseudoMessage("For {partner}")).toBe("⟦Fór {partner}⟧");
    expect(pseudoMessage("{count, plural, one {Film it now} other {Film # now}}")).toBe(
      "⟦{count,plural,one{Fílm ít ñów} other{Fílm # ñów}}⟧",
    );
    const pseudo = flatten(pseudoCatalogue(catalogue("en")));
    expect([...pseudo.keys()]).toEqual([...english.keys()]);
  });
});

describe("which language a phone gets", () => {
  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["pt-PT,pt;q=0.9", "pt-BR"],
    ["de-CH", "de"],
    ["pl", "pl"],
    ["ja-JP,ja;q=0.9", "en"],
    ["fr-CA;q=0.5,it;q=0.9", "it"],
    ["", "en"],
    ["*", "en"],
  ])("Accept-Language %j gets %s", (header, expected) => {
    expect(requestLocale({ "accept-language": header })).toBe(expected);
  });

  it("prefers the language remembered on the phone, and ignores a cookie naming no language of ours", () => {
    expect(requestLocale({ cookie: "a=1; walkthrough-language=pl", "accept-language": "es" })).toBe("pl");
    expect(requestLocale({ cookie: "walkthrough-language=xx", "accept-language": "es" })).toBe("es");
    expect(requestLocale({ cookie: "walkthrough-language=%E0%A4%A", "accept-language": "de" })).toBe("de");
  });

  it("matches navigator.languages the same way", () => {
    expect(pickLocale(["it-IT", "en-US"])).toBe("it");
    expect(pickLocale(["not a tag", "fr-BE"])).toBe("fr");
  });
});
