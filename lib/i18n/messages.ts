import "server-only";
import { headers } from "next/headers";
import { type Messages, loadCatalogue } from "./catalogues";
import { defaultLocale, isPageLocale, type PageLocale, pseudoLocale } from "./locales";
import { pseudoCatalogue } from "./pseudo";
import { pageLocaleHeader } from "./request-locale";

/** The language the front door chose for this request's page (English where the page has no catalogues). */
export async function pageLocale(): Promise<PageLocale> {
  const chosen = (await headers()).get(pageLocaleHeader);
  return isPageLocale(chosen) ? chosen : defaultLocale;
}

/** The page's catalogue; a namespace a language does not have yet (a page English for now) comes in English. */
export async function loadMessages(locale: PageLocale): Promise<Messages> {
  const english = await loadCatalogue(defaultLocale);
  if (locale === pseudoLocale) return pseudoCatalogue(english);
  return { ...english, ...(await loadCatalogue(locale)) };
}
