import type { Page } from "playwright-core";

/**
 * What a page's main part says (its text, and its aria-labels, alt and title texts) that is not
 * inside a catalogue message: in the pseudo-locale every message comes out as ⟦…⟧ (nested when a
 * message is an argument of another), so whatever is left bypassed the catalogue, or is the
 * partner's or the reader's own words, which `allowed` lists.
 */
export async function textOutsideCatalogue(page: Page, allowed: string[]): Promise<string[]> {
  const texts = await page
    .locator("main")
    .evaluate((main) => [
      (main as HTMLElement).innerText,
      ...[...main.querySelectorAll("[aria-label], [alt], [title]")].flatMap((element) =>
        ["aria-label", "alt", "title"].map((name) => element.getAttribute(name) ?? ""),
      ),
    ]);
  return texts.flatMap((text) => {
    let rest = text;
    for (let inner = /⟦[^⟦⟧]*⟧/g; inner.test(rest);) rest = rest.replace(inner, " ");
    for (const words of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(words).join(" ");
    // Numbers, times, Intl's units ("9s"), a person's initial in their avatar and the separators
    // between facts carry no catalogue words.
    return rest
      .split(/[\s·:,.()—–-]+/)
      .filter((word) => /\p{L}/u.test(word) && !/^\d+\p{L}{1,3}$/u.test(word) && !/^\p{Lu}$/u.test(word));
  });
}
