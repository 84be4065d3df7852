import type { Locale } from "./locales";
import type english from "./messages/en.json";

/*
 * The catalogues, one JSON file per language, English the reference every other matches key for
 * key (tests/unit/catalogues.test.ts). Each loads on its own: a page ships only its language, and
 * the recorder fetches another only when the cleaner switches.
 */

export type Messages = typeof english;

/**
 * Every language has the recorder's words; the sign-in, report and people pages are English
 * first (issue 24), so another language may not have their namespaces yet.
 */
export type Catalogue = Pick<Messages, "recorder"> & Partial<Omit<Messages, "recorder">>;

const catalogues: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import("./messages/en.json"),
  es: () => import("./messages/es.json"),
  "pt-BR": () => import("./messages/pt-BR.json"),
  fr: () => import("./messages/fr.json"),
  de: () => import("./messages/de.json"),
  it: () => import("./messages/it.json"),
  pl: () => import("./messages/pl.json"),
};

export async function loadEnglish(): Promise<Messages> {
  return (await import("./messages/en.json")).default;
}

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return (await catalogues[locale]()).default;
}
