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

export async function loadMessages(locale: PageLocale): Promise<Messages> {
  if (locale === pseudoLocale) return pseudoCatalogue(await loadCatalogue(defaultLocale));
  return loadCatalogue(locale);
}
