import { ChevronRight } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NoAccess } from "@/components/consoles/NoAccess";
import { Card } from "@/components/ui/Card";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { requirePerson } from "@/lib/auth/current-person";
import { consoleRoleOf } from "@/lib/consoles/console-role";
import { listPartnerNames } from "@/lib/partners/find-partner";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partner console · Walkthrough" };

/** Where an invitation lands: straight to the partner's console, or a choice when there are several. */
export default async function ConsoleIndex() {
  const person = await requirePerson("/console");
  const role = await consoleRoleOf(person.id);
  if (role.partnerIds.length === 0) {
    if (role.staff) redirect("/admin");
    return <NoAccess person={person} />;
  }
  if (role.partnerIds.length === 1) redirect(`/console/${role.partnerIds[0]}`);
  const partners = await listPartnerNames(role.partnerIds);
  return (
    <PageShell person={person} links={[{ href: "/console", label: "Console" }]} width="narrow">
      <PageHeader title="Choose a partner" description="You are in the console of more than one." />
      <Card className="p-0 sm:p-0">
        <ul className="divide-y divide-line">
          {partners.map((partner) => (
            <li key={partner.id}>
              <a
                href={`/console/${partner.id}`}
                className="flex items-center justify-between gap-3 px-4 py-3 font-medium text-ink hover:bg-subtle focus-visible:outline-2 focus-visible:outline-focus"
              >
                {partner.name}
                <ChevronRight aria-hidden className="size-4 text-muted" />
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </PageShell>
  );
}
