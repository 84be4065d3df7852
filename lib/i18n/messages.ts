import "server-only";
import { type Messages, loadCatalogue } from "./catalogues";
import { defaultLocale, type PageLocale, pseudoLocale } from "./locales";
import { pseudoCatalogue } from "./pseudo";

/** The page's catalogue; a namespace a language does not have yet (a page English for now) comes in English. */
export async function loadMessages(locale: PageLocale): Promise<Messages> {
  const english = await loadCatalogue(defaultLocale);
  if (locale === pseudoLocale) return pseudoCatalogue(english);
  return { ...english, ...(await loadCatalogue(locale)) };
}
