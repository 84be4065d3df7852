import { Check, Circle, ChevronRight } from "lucide-react";
import { type HomeSummary, setupDone } from "@/lib/people/read-home";
import { Badge } from "@/components/ui/Badge";
import { VerdictBadge } from "./VerdictBadge";
import { cn } from "@/components/ui/cn";
import { pageTranslations } from "@/lib/i18n/messages";

function Part({ done, children }: { done: boolean; children: string }) {
  const Icon = done ? Check : Circle;
  return (
    <li className={cn("inline-flex items-center gap-1.5 whitespace-nowrap", done ? "text-ink-soft" : "text-muted")}>
      <Icon aria-hidden className={cn("size-3.5", done ? "text-success" : "text-line-strong")} />
      {children}
    </li>
  );
}

/** Every home with how far its setup has come (checklist, tour, baseline photos), each opening its own page. */
export async function HomesList({ homes, showWorkspace }: { homes: HomeSummary[]; showWorkspace: boolean }) {
  const t = await pageTranslations("people.homes");
  return (
    <ul className="divide-y divide-line">
      {homes.map((home) => {
        const { parts, done, of } = setupDone(home);
        const items = home.checklists.reduce((sum, list) => sum + list.itemCount, 0);
        const photos = home.setup.baselinePhotos.count;
        return (
          <li key={home.id} className="relative flex items-center gap-4 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0 flex-1">
              <a
                href={`/homes/${home.id}`}
                className="font-medium text-ink after:absolute after:inset-0 hover:text-accent focus-visible:outline-none focus-visible:after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-focus"
              >
                {home.name}
              </a>
              {showWorkspace && <p className="text-xs text-muted">{home.workspaceName}</p>}
              <ul className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("setupOf", { home: home.name })}>
                <Part done={parts.checklist}>{t("checklist", { items })}</Part>
                <Part done={parts.tour}>{parts.tour ? t("tour") : t("noTour")}</Part>
                <Part done={parts.photos}>{t("photos", { photos })}</Part>
              </ul>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row sm:items-center sm:gap-3">
              {home.latest ? (
                <VerdictBadge verdict={home.latest.verdict} status="completed" />
              ) : (
                <span className="text-xs text-muted">{t("noReport")}</span>
              )}
              <Badge tone={done === of ? "success" : "neutral"}>
                {done === of ? t("setUp") : t("partlySetUp", { done, of })}
              </Badge>
            </div>
            <ChevronRight aria-hidden className="size-4 shrink-0 text-muted" />
          </li>
        );
      })}
    </ul>
  );
}
