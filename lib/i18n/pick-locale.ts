import { match } from "@formatjs/intl-localematcher";
import { defaultLocale, isLocale, type Locale, locales } from "./locales";

// Apart from locales.ts: the matcher is about 8 kB the recorder's first load does without (the
// browser loads this only when the phone's languages and the page's disagree).

/**
 * The best of our languages for what the phone asks for, in its order of preference: Portuguese
 * from Portugal still gets Brazil's, Swiss German gets German; nothing close gets English.
 */
export function pickLocale(requested: readonly string[]): Locale {
  const valid = requested.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  });
  const picked = match(valid, locales, defaultLocale, { algorithm: "best fit" });
  return isLocale(picked) ? picked : defaultLocale;
}
