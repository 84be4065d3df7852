"use client";

import { Languages } from "lucide-react";
import { useTranslations } from "use-intl";
import { isLocale, languageNames, locales } from "@/lib/i18n/locales";
import { useRecorderLanguage } from "./RecorderIntl";

/**
 * The phone's own picker, one tap away in the header: each language named in itself, so a cleaner
 * finds theirs whatever the page speaks now. The choice is kept on the phone.
 */
export function LanguageSwitch() {
  const t = useTranslations("recorder.header");
  const { locale, switchTo } = useRecorderLanguage();
  return (
    <label className="relative inline-flex h-12 shrink-0 items-center gap-1.5 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium text-ink focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-focus hover:bg-subtle">
      <Languages aria-hidden className="size-5 text-muted" />
      {/* A phone shows the language's short code, so the home's name keeps the header. */}
      <span aria-hidden="true" className="sm:hidden">
        {locale.split("-")[0]!.toUpperCase()}
      </span>
      <span aria-hidden="true" className="hidden sm:inline">
        {isLocale(locale) ? languageNames[locale] : locale}
      </span>
      <select
        className="absolute inset-0 size-full cursor-pointer opacity-0"
        aria-label={t("language")}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void switchTo(event.target.value);
        }}
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
