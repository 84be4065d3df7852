import type { ReactNode } from "react";
import { Notice } from "@/components/ui/Notice";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { consolePage } from "@/lib/consoles/console-page";
import { findPartner } from "@/lib/partners/find-partner";
import { NoAccess } from "./NoAccess";
import { partnerLinks } from "./nav";

/**
 * The frame of each partner console page: the same access rule, the partner's name, its sections
 * in the navigation, and a warning while Walkthrough has it paused.
 */
export async function PartnerConsole({
  partnerId,
  section,
  description,
  children,
}: {
  partnerId: string;
  section: string;
  description: string;
  children: (partner: { id: string }) => ReactNode;
}) {
  const path = section === "" ? `/console/${partnerId}` : `/console/${partnerId}/${section}`;
  const access = await consolePage(path, { partnerId });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const partner = await findPartner(partnerId);
  if (partner === null) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={partnerLinks(partner.id)} homeHref={`/console/${partner.id}`}>
      <QueryProvider>
        <PageHeader title={partner.name} description={description} />
        {partner.status === "paused" && (
          <Notice tone="warning" title="Paused by Walkthrough">
            Requests with your keys are refused (403 partner_disabled) until Walkthrough resumes your access.
          </Notice>
        )}
        {children(partner)}
      </QueryProvider>
    </PageShell>
  );
}
