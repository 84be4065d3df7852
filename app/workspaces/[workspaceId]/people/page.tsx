import { Lock } from "lucide-react";
import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { seatsOf } from "@/lib/people/access";
import { PeopleManager } from "@/components/manager/PeopleManager";
import { StatePage } from "@/components/manager/StatePage";
import { Button } from "@/components/ui/Button";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { PageIntl } from "@/components/ui/PageIntl";
import { pageLocale, pageMessages, pageTranslations } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("people.workspace");
  return { title: t("title") };
}

export default async function PeoplePage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const person = await requirePerson(`/workspaces/${encodeURIComponent(workspaceId)}/people`);
  const seats = await seatsOf(person.id);
  const t = await pageTranslations("people");
  const seat = seats.find((candidate) => candidate.workspaceId === workspaceId);
  if (seat?.role !== "owner") {
    return (
      <StatePage
        person={person}
        icon={Lock}
        title={t("noAccess.heading")}
        action={
          <Button asChild variant="secondary">
            <a href="/people">{t("noAccess.seeWhoCanHelp")}</a>
          </Button>
        }
      >
        <p>{t("noAccess.onlyOwner")}</p>
      </StatePage>
    );
  }
  const owned = seats.filter((candidate) => candidate.role === "owner");
  return (
    <PageShell person={person}>
      <PageHeader
        title={t("workspace.heading")}
        description={
          <>
            {t.rich("workspace.intro", {
              workspace: seat.workspaceName,
              name: (words) => <span className="font-medium text-ink-soft">{words}</span>,
            })}
            {owned.length > 1 && (
              <>
                {" "}
                <a href="/people" className="font-medium text-accent hover:underline">
                  {t("workspace.otherWorkspaces")}
                </a>
              </>
            )}
          </>
        }
      />
      <QueryProvider>
        <PageIntl locale={await pageLocale()} messages={await pageMessages("people")}>
          <PeopleManager workspaceId={workspaceId} />
        </PageIntl>
      </QueryProvider>
    </PageShell>
  );
}
