import { createTranslator } from "use-intl/core";
import english from "../../lib/i18n/messages/en.json";
import type { PageLocale } from "../../lib/i18n/locales";
import { pseudoCatalogue } from "../../lib/i18n/pseudo";
import type { Messages } from "../../lib/i18n/catalogues";
import { compileCatalogue } from "../../lib/i18n/compile-catalogue";

/*
 * The recorder's words in a given language, exactly as the app renders them, so a test in
 * Spanish or in the pseudo-locale finds buttons by their real names.
 */

async function catalogueOf(locale: PageLocale): Promise<Messages> {
  if (locale === "en-XA") return pseudoCatalogue(english);
  if (locale === "en") return english;
  return (await import(`../../lib/i18n/messages/${locale}.json`)).default as Messages;
}

export async function recorderWords(locale: PageLocale) {
  return createTranslator({
    locale,
    messages: compileCatalogue(await catalogueOf(locale)),
    namespace: "recorder",
    timeZone: "UTC",
  });
}
