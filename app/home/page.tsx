import { ClipboardList, House, Inbox } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requirePerson } from "@/lib/auth/current-person";
import { consoleRoleOf } from "@/lib/consoles/console-role";
import { seatsOf } from "@/lib/people/access";
import { readHome } from "@/lib/people/read-home";
import { type VerdictFilter, verdictFilters } from "@/lib/people/read-inspections";
import { HomesList } from "@/components/manager/HomesList";
import { InspectionFilters } from "@/components/manager/InspectionFilters";
import { InspectionsTable } from "@/components/manager/InspectionsTable";
import { StatePage } from "@/components/manager/StatePage";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { PageIntl } from "@/components/ui/PageIntl";
import { pageLocale, pageMessages, pageTranslations } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("people.home");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function HomePage({ searchParams }: { searchParams: Search }) {
  const person = await requirePerson("/home");
  const query = await searchParams;
  const seats = await seatsOf(person.id);
  const t = await pageTranslations("people.home");
  if (seats.length === 0) {
    // Staff and partner engineers sign in through the same form: their place is a console.
    const role = await consoleRoleOf(person.id);
    if (role.staff) redirect("/admin");
    if (role.partnerIds.length > 0) redirect("/console");
    return (
      <StatePage person={person} icon={House} title={t("noWorkspace")}>
        <p>
          {t.rich("notInWorkspace", {
            email: person.email,
            address: (words) => <span className="font-medium text-ink">{words}</span>,
          })}
        </p>
        <p>{t("askOwner")}</p>
      </StatePage>
    );
  }

  const values = {
    workspace: seats.some((seat) => seat.workspaceId === one(query.workspace)) ? one(query.workspace) : "",
    home: one(query.home),
    verdict: verdictFilters.find((verdict) => verdict === one(query.verdict)) ?? "",
    from: one(query.from),
    to: one(query.to),
  };
  const home = await readHome(seats, {
    workspaceId: values.workspace || undefined,
    propertyId: values.home || undefined,
    verdict: (values.verdict || undefined) as VerdictFilter | undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  });
  const filtered = Object.values(values).some((value) => value !== "");
  const severalWorkspaces = seats.length > 1;

  return (
    <PageShell person={person}>
      <PageHeader
        title={t("heading")}
        description={
          <>
            {t("workspaces", { count: seats.length })}{" "}
            <span className="font-medium text-ink-soft">{seats.map((seat) => seat.workspaceName).join(" · ")}</span>
          </>
        }
      />

      <Card aria-labelledby="inspections-title" className="max-sm:px-3">
        <CardHeader id="inspections-title" title={t("latest")} description={t("latestHint")} />
        {/* Nothing to filter yet: the empty state alone says what comes next. */}
        {(home.inspections.length > 0 || filtered) && (
          <PageIntl locale={await pageLocale()} messages={await pageMessages("people")}>
            <InspectionFilters
              initial={values}
              workspaces={seats.map((seat) => ({ id: seat.workspaceId, name: seat.workspaceName }))}
              homes={home.homes.map((each) => ({ id: each.id, name: each.name }))}
            />
          </PageIntl>
        )}
        <div className="mt-5">
          {home.inspections.length > 0 ? (
            <InspectionsTable rows={home.inspections} caption={t("latest")} showWorkspace={severalWorkspaces} />
          ) : filtered ? (
            <EmptyState icon={Inbox} title={t("noMatch")}>
              {t("noMatchHint")}
            </EmptyState>
          ) : (
            <EmptyState
              icon={ClipboardList}
              title={t("noReports")}
              action={
                home.homes.length > 0 ? (
                  <Button asChild variant="secondary">
                    <a href="#homes-title">{t("setUpHomes")}</a>
                  </Button>
                ) : undefined
              }
            >
              {t("noReportsHint")}
            </EmptyState>
          )}
        </div>
        {home.truncated && <p className="mt-3 text-sm text-muted">{t("truncated")}</p>}
      </Card>

      <Card aria-labelledby="homes-title" className="max-sm:px-3">
        <CardHeader id="homes-title" title={t("homes")} description={t("homesHint")} />
        {home.homes.length === 0 ? (
          <EmptyState icon={House} title={t("noHomes")}>
            {t("noHomesHint")}
          </EmptyState>
        ) : (
          <HomesList homes={home.homes} showWorkspace={severalWorkspaces} />
        )}
      </Card>
    </PageShell>
  );
}
