"use client";

import type { ReactNode } from "react";
import { IntlProvider } from "use-intl";
import type { Messages } from "@/lib/i18n/catalogues";
import type { PageLocale } from "@/lib/i18n/locales";

/*
 * The words of a page's client islands (the sign-in form, the people manager): the page's language
 * and only the namespaces it passes, rendered by the server and hydrated with the same catalogue.
 * Dates are not formatted through it: LocalTime renders them in the reader's own zone, so the
 * time zone here is only the fallback use-intl asks for.
 */
export function PageIntl({
  locale,
  messages,
  children,
}: {
  locale: PageLocale;
  messages: Partial<Messages>;
  children: ReactNode;
}) {
  return (
    <IntlProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}
