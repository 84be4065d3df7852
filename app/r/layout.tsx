import type { ReactNode } from "react";
import { RecorderIntl } from "@/components/recorder/RecorderIntl";
import { loadMessages } from "@/lib/i18n/messages";
import { pageLocale } from "@/lib/i18n/page-locale";

/** Every recorder page speaks the cleaner's language: the catalogue for it goes down with the page. */
export default async function RecorderLayout({ children }: { children: ReactNode }) {
  const locale = await pageLocale();
  const { recorder } = await loadMessages(locale);
  return (
    <RecorderIntl locale={locale} messages={{ recorder }}>
      {children}
    </RecorderIntl>
  );
}
