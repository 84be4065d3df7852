import "server-only";
import { formatVideoTime } from "@/lib/format/dates";
import { pageTranslations } from "@/lib/i18n/messages";
import type { PlayAtWords } from "./PlayAtButton";

/** The words of every "Play at" button on the page, from the page's catalogue. */
export async function playAtWords(): Promise<(seconds: number, subject: string, compact?: boolean) => PlayAtWords> {
  const t = await pageTranslations("report.playAt");
  return (seconds, subject, compact = false) => {
    const time = formatVideoTime(seconds);
    return { label: t("label", { time, subject }), text: compact ? time : t("text", { time }) };
  };
}
