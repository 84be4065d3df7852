/*
 * Dates as people read them: in their language and time zone, through Intl, never a bare
 * `2026-11-25`. Pages render these in the browser (components/ui/LocalTime.tsx); the server
 * (PDF, mail) passes the reader's zone when it knows it and names the zone when it does not.
 */

export interface DateFormatOptions {
  locale?: string;
  timeZone?: string;
}

const fallbackLocale = "en-GB";

function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

function safeLocale(locale: string | undefined): string {
  if (!locale) return fallbackLocale;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : fallbackLocale;
  } catch {
    return fallbackLocale;
  }
}

/** "Wed, 25 Nov 2026, 14:05" in the reader's zone; the zone's short name is added when asked. */
export function formatDateTime(date: Date, { locale, timeZone }: DateFormatOptions = {}, withZone = false): string {
  return new Intl.DateTimeFormat(safeLocale(locale), {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: safeZone(timeZone),
    timeZoneName: withZone ? "short" : undefined,
  }).format(date);
}

/** "25 Nov 2026": a day without a time (a scheduled date stored as a calendar day is read in UTC). */
export function formatDay(date: Date, { locale, timeZone }: DateFormatOptions = {}): string {
  return new Intl.DateTimeFormat(safeLocale(locale), {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: safeZone(timeZone),
  }).format(date);
}

/** "12 min", "1 h 5 min", "45 s": how long something took. */
export function formatDuration(seconds: number, locale?: string): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const unit = (value: number, name: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(safeLocale(locale), { style: "unit", unit: name, unitDisplay: "narrow" }).format(value);
  if (hours > 0) return minutes > 0 ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  if (minutes > 0) return unit(minutes, "minute");
  return unit(rest, "second");
}

/** "0:03", "12:40": a moment in a video. */
export function formatVideoTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** "3 hours ago", "yesterday": how long ago, in the reader's language. */
export function formatRelative(date: Date, now: Date = new Date(), locale?: string): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: "auto" });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, "second");
}
