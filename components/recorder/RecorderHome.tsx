"use client";

import { useTranslations } from "use-intl";
import { Card } from "@/components/ui/Card";
import { Header } from "./Header";
import { RecorderFrame, RecorderMain } from "./Layout";

/** Where the installed app opens without a link: each walkthrough has its own recording link. */
export function RecorderHome() {
  const t = useTranslations("recorder.home");
  return (
    <RecorderFrame>
      <Header />
      <RecorderMain>
        <Card className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold tracking-tight text-ink">{t("title")}</h2>
          <p className="text-ink-soft">{t("body")}</p>
        </Card>
      </RecorderMain>
    </RecorderFrame>
  );
}
