import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";

/*
 * The pseudo-locale's catalogue, made from English: every word accented and each message wrapped
 * in ⟦ ⟧, placeholders and plurals untouched. A test renders the recorder in it and fails on any
 * text without the brackets: text that did not come from a catalogue.
 */

const accents: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ó",
  u: "ú",
  y: "ý",
  c: "ç",
  n: "ñ",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ó",
  U: "Ú",
  Y: "Ý",
  C: "Ç",
  N: "Ñ",
};

const accent = (text: string) => text.replace(/[aeiouycnAEIOUYCN]/g, (letter) => accents[letter] ?? letter);

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

export function pseudoMessage(message: string): string {
  return `⟦${printAST(pseudoElements(parse(message)))}⟧`;
}

type Catalogue = { [key: string]: string | Catalogue };

export function pseudoCatalogue<T extends object>(english: T): T {
  return Object.fromEntries(
    Object.entries(english as Catalogue).map(([key, value]) => [
      key,
      typeof value === "string" ? pseudoMessage(value) : pseudoCatalogue(value),
    ]),
  ) as T;
}
