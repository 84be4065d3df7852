import { CircleAlert, CircleCheck, Clock, TriangleAlert, type LucideIcon } from "lucide-react";
import type { InspectionStatus } from "@/lib/generated/prisma/enums";
import { pageTranslations } from "@/lib/i18n/messages";
import type { Verdict } from "@/lib/reports/verdict";
import { Badge, type BadgeTone } from "@/components/ui/Badge";

const verdictLook: Record<Verdict, { tone: BadgeTone; icon: LucideIcon }> = {
  ready: { tone: "success", icon: CircleCheck },
  check: { tone: "warning", icon: TriangleAlert },
  not_ready: { tone: "danger", icon: CircleAlert },
};

// A walkthrough that failed has no report: the home was not checked, which the manager must know.
const statusTone: Record<InspectionStatus, BadgeTone> = {
  recording: "info",
  processing: "info",
  completed: "neutral",
  failed: "warning",
};

/** A released report's verdict, or, before release, where the walkthrough stands. */
export async function VerdictBadge({ verdict, status }: { verdict?: Verdict; status: InspectionStatus }) {
  const t = await pageTranslations("people");
  if (verdict) {
    const { tone, icon: Icon } = verdictLook[verdict];
    return (
      <Badge tone={tone}>
        <Icon aria-hidden className="size-3.5" />
        {t(`verdict.${verdict}`)}
      </Badge>
    );
  }
  return (
    <Badge tone={statusTone[status]}>
      {status !== "failed" && <Clock aria-hidden className="size-3.5" />}
      {t(`status.${status}`)}
    </Badge>
  );
}
