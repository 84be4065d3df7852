/*
 * The languages the cleaner's app speaks (issue 24: the seven a cleaning crew needs first). Each
 * is named in its own language in the switch. The pseudo-locale is for tests: every catalogue
 * string comes out bracketed and accented, so text that bypassed the catalogues stands out.
 */

export const locales = ["en", "es", "pt-BR", "fr", "de", "it", "pl"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export const pseudoLocale = "en-XA";
export type PageLocale = Locale | typeof pseudoLocale;

/** Where the phone remembers the cleaner's choice; the server reads it to render in that language. */
export const localeCookie = "walkthrough-language";

/** The choice the phone remembers, from a Cookie header or `document.cookie`; the front door and the recorder read it alike. */
export function rememberedLocale(cookies: string | undefined): string | undefined {
  for (const pair of (cookies ?? "").split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key !== localeCookie) continue;
    // A cookie the caller wrote by hand may hold a broken escape: it names no language, it is no error.
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export const languageNames: Record<Locale, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pl: "Polski",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function isPageLocale(value: unknown): value is PageLocale {
  return value === pseudoLocale || isLocale(value);
}
