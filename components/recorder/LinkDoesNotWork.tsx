"use client";

import { Link2Off } from "lucide-react";
import { useTranslations } from "use-intl";
import { StatusCard } from "./Layout";

/** What a cleaner sees for a link no recording link was issued with: on the 404 page, and when the API says so later. */
export function LinkDoesNotWork() {
  const t = useTranslations("recorder.problems");
  return (
    <StatusCard title={t("goneTitle")} icon={Link2Off} tone="danger" titleId="gone-title">
      <p>{t("goneBody")}</p>
    </StatusCard>
  );
}
