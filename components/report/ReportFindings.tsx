import { CircleCheck } from "lucide-react";
import type { LastSeenUndamaged } from "@/lib/evidence/last-seen-undamaged";
import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import type { FindingRead } from "@/lib/inspections/get-findings";
import { pageTranslations } from "@/lib/i18n/messages";
import { FindingCard } from "./FindingCard";

const order: FindingSeverity[] = ["MAJOR", "MODERATE", "MINOR"];

/** The findings, most serious first, under a heading per severity so a long list still scans. */
export async function ReportFindings({
  inspectionId,
  findings,
  lastSeen,
  playable,
}: {
  inspectionId: string;
  findings: FindingRead[];
  lastSeen: ReadonlyMap<string, LastSeenUndamaged | undefined>;
  playable: boolean;
}) {
  const t = await pageTranslations("report.findings");
  const severityWord = await pageTranslations("report");
  return (
    <section aria-labelledby="findings-title" className="flex flex-col gap-4">
      <h2 id="findings-title" className="text-lg font-semibold text-ink">
        {t("heading")}{" "}
        <span className="font-normal text-muted">{findings.length === 0 ? "" : t("count", { count: findings.length })}</span>
      </h2>
      {findings.length === 0 && (
        <div className="flex items-center gap-3 rounded-lg border border-line bg-surface p-4 text-ink-soft shadow-card">
          <CircleCheck aria-hidden className="size-5 shrink-0 text-success" />
          {t("none")}
        </div>
      )}
      {order.map((severity) => {
        const group = findings.filter((finding) => finding.severity === severity);
        if (group.length === 0) return null;
        return (
          <div key={severity} className="flex flex-col gap-3">
            <p className="text-sm font-medium text-muted">
              {t("group", { severity: severityWord(`severity.${severity}`), count: group.length })}
            </p>
            {group.map((finding) => (
              <FindingCard
                key={finding.id}
                inspectionId={inspectionId}
                finding={finding}
                lastSeen={lastSeen.get(finding.id)}
                playable={playable}
              />
            ))}
          </div>
        );
      })}
    </section>
  );
}
