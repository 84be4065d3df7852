import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { AllowlistPanel } from "@/components/consoles/AllowlistPanel";
import { AuditPanel } from "@/components/consoles/AuditPanel";
import { InspectionsPanel } from "@/components/consoles/InspectionsPanel";
import { KeysPanel } from "@/components/consoles/KeysPanel";
import { EventTrackControl, PartnerControls } from "@/components/consoles/PartnerControls";
import { PartnerTabs } from "@/components/consoles/PartnerTabs";
import { UsagePanel } from "@/components/consoles/UsagePanel";
import { UsersPanel } from "@/components/consoles/UsersPanel";
import { WebhookPanel } from "@/components/consoles/WebhookPanel";
import { WorkspacesPanel } from "@/components/consoles/WorkspacesPanel";
import { staffLinks } from "@/components/consoles/nav";
import { Badge } from "@/components/ui/Badge";
import { LocalTime } from "@/components/ui/LocalTime";
import { Notice } from "@/components/ui/Notice";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { TextLink } from "@/components/ui/TextLink";
import { config } from "@/lib/config";
import { consolePage } from "@/lib/consoles/console-page";
import { findPartner } from "@/lib/partners/find-partner";
import { partnerStatusTone } from "@/lib/labels/console-labels";
import { partnerStatusLabel } from "@/lib/labels/labels";
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
            actions={<Badge tone={partnerStatusTone[partner.status]}>{partnerStatusLabel[partner.status]}</Badge>}
            description={
              <>
                Partner since <LocalTime date={partner.createdAt} mode="day" /> ·{" "}
                <code className="font-mono text-xs">{partner.id}</code>
              </>
            }
          />
        </div>
        <PartnerTabs
          panels={{
            overview: (
              <>
                <PartnerControls
                  partnerId={partner.id}
                  partnerName={partner.name}
                  status={partner.status}
                  rosterMax={partner.rosterMax}
                  recordingRetentionDays={partner.recordingRetentionDays}
                  defaultRetentionDays={config().RECORDING_RETENTION_DAYS}
                />
                <UsagePanel partnerId={partner.id} staff />
                <UsersPanel partnerId={partner.id} />
                <InspectionsPanel partnerId={partner.id} />
              </>
            ),
            keys: <KeysPanel partnerId={partner.id} />,
            webhooks: <WebhookPanel partnerId={partner.id} />,
            allowlist: <AllowlistPanel partnerId={partner.id} />,
            workspaces: <WorkspacesPanel partnerId={partner.id} linkToAdmin />,
            connectors: (
              <>
                <EventTrackControl partnerId={partner.id} eventTrack={partner.eventTrack} />
                <Notice tone="info" title="Connectors are switched on per workspace">
                  Open a workspace under Workspaces to turn its connectors on or off.
                </Notice>
              </>
            ),
            audit: <AuditPanel partnerId={partner.id} />,
          }}
        />
      </QueryProvider>
    </PageShell>
  );
}
