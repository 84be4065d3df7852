import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { PartnerControls } from "@/components/consoles/PartnerControls";
import { PartnerPanels } from "@/components/consoles/PartnerPanels";
import { staffLinks } from "@/components/consoles/nav";
import { LocalTime } from "@/components/ui/LocalTime";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { TextLink } from "@/components/ui/TextLink";
import { consolePage } from "@/lib/consoles/console-page";
import { findPartner } from "@/lib/partners/find-partner";
import { isUuid } from "@/lib/validation/uuid";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partner · Walkthrough admin" };

export default async function AdminPartnerPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  const access = await consolePage(`/admin/partners/${partnerId}`, { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const partner = isUuid(partnerId) ? await findPartner(partnerId) : null;
  if (partner === null) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <div className="flex flex-col gap-1">
          <TextLink href="/admin" className="self-start text-sm">
            ← All partners
          </TextLink>
          <PageHeader
            title={partner.name}
            description={
              <>
                Partner since <LocalTime date={partner.createdAt} mode="day" /> ·{" "}
                <code className="font-mono text-xs">{partner.id}</code>
              </>
            }
          />
        </div>
        <PartnerControls
          partnerId={partner.id}
          status={partner.status}
          rosterMax={partner.rosterMax}
          eventTrack={partner.eventTrack}
        />
        <PartnerPanels partnerId={partner.id} />
      </QueryProvider>
    </PageShell>
  );
}
