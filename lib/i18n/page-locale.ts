import "server-only";
import { headers } from "next/headers";
import { defaultLocale, isPageLocale, type PageLocale } from "./locales";
import { pageLocaleHeader } from "./request-locale";

/** The language the front door chose for this request's page (English where the page has no catalogues). */
export async function pageLocale(): Promise<PageLocale> {
  const chosen = (await headers()).get(pageLocaleHeader);
  return isPageLocale(chosen) ? chosen : defaultLocale;
}
