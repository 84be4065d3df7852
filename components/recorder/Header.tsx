"use client";

import type { ReactNode } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { Session } from "@/lib/recorder-app/recorder-client";
import { LogoMark } from "@/components/ui/Logo";
import { LanguageSwitch } from "./LanguageSwitch";

function Bar({ children }: { children: ReactNode }) {
  return (
    <header className="border-b border-line bg-surface pt-[env(safe-area-inset-top)]">
      <div className="mx-auto flex w-full max-w-2xl items-start gap-3 px-4 py-3 lg:max-w-5xl">
        <LogoMark className="mt-0.5 size-9" />
        <div className="min-w-0 flex-1">{children}</div>
        <LanguageSwitch />
      </div>
    </header>
  );
}

/** The property, the task and its date, and whose task it is: the partner's words, as written. */
export function Header({ session }: { session?: Session }) {
  const t = useTranslations("recorder.header");
  const format = useFormatter();
  if (!session) {
    return (
      <Bar>
        <h1 className="text-lg leading-12 font-semibold tracking-tight text-ink">{t("appName")}</h1>
      </Bar>
    );
  }
  // A calendar day, shown as written for that day wherever the phone is.
  const date =
    session.task?.scheduled_date &&
    format.dateTime(new Date(`${session.task.scheduled_date}T12:00:00Z`), {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
  const task = [session.task?.name, date].filter(Boolean).join(" · ");
  return (
    <Bar>
      <h1 className="text-lg leading-snug font-semibold tracking-tight wrap-anywhere text-ink">{session.property.name}</h1>
      {/* A task name may be 1,000 characters: two lines at most, so the camera keeps the screen. */}
      {task && <p className="line-clamp-2 text-sm wrap-anywhere text-ink-soft">{task}</p>}
      <p className="text-sm text-muted">{t("forPartner", { partner: session.partner.name })}</p>
    </Bar>
  );
}
