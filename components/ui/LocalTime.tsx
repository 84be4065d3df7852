"use client";

import { formatDateTime, formatDay, formatRelative } from "@/lib/format/dates";
import { useHydrated } from "./use-hydrated";

/**
 * A date and time in the reader's own language and time zone. The server does not know the
 * zone, so its HTML shows UTC and says so; once the page has hydrated the browser's zone is used.
 * A calendar day (`mode="day"`, a scheduled date stored as midnight UTC) is read in UTC everywhere.
 */
export function LocalTime({ date, mode = "datetime" }: { date: Date | string; mode?: "datetime" | "day" | "relative" }) {
  const hydrated = useHydrated();
  const value = typeof date === "string" ? new Date(date) : date;
  const locale = hydrated ? navigator.language : undefined;
  const text =
    mode === "day"
      ? formatDay(value, { locale, timeZone: "UTC" })
      : mode === "relative" && hydrated
        ? formatRelative(value, new Date(), locale)
        : formatDateTime(value, { locale, timeZone: hydrated ? undefined : "UTC" }, !hydrated);
  return (
    <time dateTime={value.toISOString()} title={hydrated ? formatDateTime(value, { locale }, true) : undefined}>
      {text}
    </time>
  );
}
