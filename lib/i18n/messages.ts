import "server-only";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl";
import { type Messages, loadCatalogue, loadEnglish } from "./catalogues";
import { compileCatalogue } from "./compile-catalogue";
import { type PageLocale, pseudoLocale } from "./locales";
import { pageLocale } from "./page-locale";

export { pageLocale };
import { pseudoCatalogue } from "./pseudo";

/**
 * The page's catalogue, compiled (compile-catalogue.ts); a namespace a language does not have yet
 * (a page English for now) comes in English.
 */
export async function loadMessages(locale: PageLocale): Promise<Messages> {
  const english = await loadEnglish();
  if (locale === pseudoLocale) return compileCatalogue(pseudoCatalogue(english));
  return compileCatalogue({ ...english, ...(await loadCatalogue(locale)) });
}

type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/**
 * A server component's words: `t("key")` within `namespace` (a page's or one of its parts), in the
 * page's language, keys and ICU arguments checked by the compiler as `useTranslations` checks them.
 */
export async function pageTranslations<const N extends Namespace>(namespace: N) {
  const locale = await pageLocale();
  const messages = await loadMessages(locale);
  return createTranslator({ locale, messages, namespace });
}

/** Only the named top-level namespaces, for a client island's provider: the page ships no other words. */
export async function pageMessages<const K extends keyof Messages>(...namespaces: K[]): Promise<Pick<Messages, K>> {
  const messages = await loadMessages(await pageLocale());
  return Object.fromEntries(namespaces.map((name) => [name, messages[name]])) as Pick<Messages, K>;
}
