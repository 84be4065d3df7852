import type { ReactNode } from "react";
import { Notice } from "@/components/ui/Notice";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { consolePage } from "@/lib/consoles/console-page";
import { type ConsoleSection, consoleSections, sectionHref } from "@/lib/consoles/partner-sections";
import { findPartner } from "@/lib/partners/find-partner";
import { ConsoleNav } from "./ConsoleNav";
import { NoAccess } from "./NoAccess";

/**
 * The frame of each partner console page: the same access rule, the sections down the left, the
 * section's title with the partner's name, and a warning while Walkthrough has it paused.
 */
export async function PartnerConsole({
  partnerId,
  section,
  description,
  children,
}: {
  partnerId: string;
  section: ConsoleSection;
  description: string;
  children: (partner: { id: string; name: string }) => ReactNode;
}) {
  const access = await consolePage(sectionHref(partnerId, section), { partnerId });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const partner = await findPartner(partnerId);
  if (partner === null) return <NoAccess person={access.person} />;
  const title = consoleSections.find((candidate) => candidate.path === section)!.label;
  return (
    <PageShell
      person={access.person}
      links={[{ href: `/console/${partner.id}`, label: partner.name }]}
      homeHref={`/console/${partner.id}`}
      width="wide"
    >
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <ConsoleNav partnerId={partner.id} />
        <div className="flex min-w-0 flex-col gap-6">
          <QueryProvider>
            <PageHeader title={title} description={description} />
            {partner.status === "paused" && (
              <Notice tone="warning" title="Paused by Walkthrough">
                Requests with your keys are refused (403 partner_disabled) until Walkthrough resumes your access.
              </Notice>
            )}
            {children(partner)}
          </QueryProvider>
        </div>
      </div>
    </PageShell>
  );
}
