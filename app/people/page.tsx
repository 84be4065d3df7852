import { ChevronRight, House, Users } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requirePerson } from "@/lib/auth/current-person";
import { pageTranslations } from "@/lib/i18n/messages";
import { seatsOf } from "@/lib/people/access";
import { ownersOf } from "@/lib/people/read-owners";
import { StatePage } from "@/components/manager/StatePage";
import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader } from "@/components/ui/Card";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("people.entry");
  return { title: t("title") };
}

/**
 * The navigation's People: an owner of one workspace goes straight to its people; an owner of
 * several picks one; everyone else learns who manages the people of their workspaces.
 */
export default async function PeopleEntry() {
  const person = await requirePerson("/people");
  const seats = await seatsOf(person.id);
  const t = await pageTranslations("people");
  if (seats.length === 0)
    return (
      <StatePage person={person} icon={House} title={t("entry.noWorkspace")}>
        <p>
          {t.rich("entry.notInWorkspace", {
            email: person.email,
            address: (words) => <span className="font-medium text-ink">{words}</span>,
          })}
        </p>
      </StatePage>
    );
  const owned = seats.filter((seat) => seat.role === "owner");
  if (owned.length === 1) redirect(`/workspaces/${owned[0]!.workspaceId}/people`);
  const others = seats.filter((seat) => seat.role !== "owner");
  const owners = await ownersOf(others.map((seat) => seat.workspaceId));

  return (
    <PageShell person={person}>
      <PageHeader title={t("entry.heading")} description={t("entry.intro")} />
      {owned.length > 0 && (
        <Card aria-labelledby="owned-title">
          <CardHeader id="owned-title" title={t("entry.owned")} description={t("entry.ownedHint")} />
          <ul className="divide-y divide-line">
            {owned.map((seat) => (
              <li key={seat.workspaceId} className="relative flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <Users aria-hidden className="size-4 text-muted" />
                <a
                  href={`/workspaces/${seat.workspaceId}/people`}
                  className="flex-1 font-medium text-ink after:absolute after:inset-0 hover:text-accent focus-visible:outline-none focus-visible:after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-focus"
                >
                  {seat.workspaceName}
                </a>
                <ChevronRight aria-hidden className="size-4 text-muted" />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {others.length > 0 && (
        <Card aria-labelledby="others-title">
          <CardHeader
            id="others-title"
            title={owned.length > 0 ? t("entry.otherWorkspaces") : t("entry.yourWorkspaces")}
            description={t("entry.othersHint")}
          />
          <ul className="divide-y divide-line">
            {others.map((seat) => {
              const contacts = owners.get(seat.workspaceId) ?? [];
              return (
                <li key={seat.workspaceId} className="flex flex-wrap items-start justify-between gap-3 py-4 first:pt-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{seat.workspaceName}</p>
                    <p className="mt-0.5 text-sm text-muted">
                      {contacts.length === 0
                        ? t("entry.noOwner")
                        : t.rich("entry.ask", {
                            owners: () =>
                              contacts.map((owner, index) => (
                                <span key={owner.email}>
                                  {index > 0 && (index === contacts.length - 1 ? t("entry.or") : ", ")}
                                  <TextLink href={`mailto:${owner.email}`}>{owner.name ?? owner.email}</TextLink>
                                </span>
                              )),
                          })}
                    </p>
                  </div>
                  <Badge tone="neutral">{t("entry.you", { role: t(`role.${seat.role}`) })}</Badge>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </PageShell>
  );
}
