"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { IntlProvider } from "use-intl";
import { type Messages, loadCatalogue } from "@/lib/i18n/catalogues";
import { type Locale, isLocale, localeCookie, type PageLocale, rememberedLocale } from "@/lib/i18n/locales";

/*
 * The recorder's language: rendered by the server in the language it chose (the phone's remembered
 * choice, else Accept-Language), then, when nothing is remembered, the browser's own list
 * (`navigator.languages`) has the last word: a page kept by the service worker was rendered without
 * the cookie. Switching loads that catalogue alone (and the compiler for it), remembers it for a year and moves <html lang>.
 */

type RecorderMessages = Pick<Messages, "recorder">;

interface Language {
  locale: PageLocale;
  switchTo: (locale: Locale) => Promise<void>;
}

const LanguageContext = createContext<Language | undefined>(undefined);

export function useRecorderLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) throw new Error("useRecorderLanguage needs RecorderIntl above it");
  return language;
}

function remember(locale: Locale): void {
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

export function RecorderIntl({
  locale: served,
  messages: servedMessages,
  children,
}: {
  locale: PageLocale;
  messages: RecorderMessages;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({ locale: served, messages: servedMessages });

  const show = useCallback(async (locale: Locale) => {
    // The compiler comes with the catalogue, only when another language is asked for.
    const [{ recorder }, { compileCatalogue }] = await Promise.all([
      loadCatalogue(locale),
      import("@/lib/i18n/compile-catalogue"),
    ]);
    setCurrent({ locale, messages: compileCatalogue({ recorder }) });
    document.documentElement.lang = locale;
  }, []);

  const switchTo = useCallback(
    async (locale: Locale) => {
      remember(locale);
      await show(locale);
    },
    [show],
  );

  useEffect(() => {
    if (rememberedLocale(document.cookie) !== undefined || !isLocale(served)) return;
    // Usually the page was rendered for these very languages (Accept-Language is the same list).
    const language = (tag: string | undefined) => tag?.toLowerCase().split("-")[0];
    if (language(navigator.languages[0]) === language(served)) return;
    void import("@/lib/i18n/pick-locale").then(({ pickLocale }) => {
      const preferred = pickLocale(navigator.languages);
      if (preferred !== served) void show(preferred);
    });
  }, [served, show]);

  const language = useMemo(() => ({ locale: current.locale, switchTo }), [current.locale, switchTo]);
  return (
    <LanguageContext.Provider value={language}>
      <IntlProvider locale={current.locale} messages={current.messages} timeZone="UTC">
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
