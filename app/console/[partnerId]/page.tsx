import type { Metadata } from "next";
import { AllowlistPanel } from "@/components/consoles/AllowlistPanel";
import { AuditPanel } from "@/components/consoles/AuditPanel";
import { InspectionsPanel } from "@/components/consoles/InspectionsPanel";
import { KeysPanel } from "@/components/consoles/KeysPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { UsagePanel } from "@/components/consoles/UsagePanel";
import { UsersPanel } from "@/components/consoles/UsersPanel";
import { WebhookPanel } from "@/components/consoles/WebhookPanel";
import { WorkspacesPanel } from "@/components/consoles/WorkspacesPanel";
import { PageShell } from "@/components/people/PageShell";
import { QueryProvider } from "@/components/people/QueryProvider";
import styles from "@/components/people/people.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { partnerLinks } from "@/components/consoles/nav";
import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partner console · Walkthrough" };

export default async function PartnerConsolePage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  const access = await consolePage(`/console/${partnerId}`, { partnerId });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const partner = await db().partner.findUnique({ where: { id: partnerId }, select: { id: true, name: true, status: true } });
  if (partner === null) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={partnerLinks(partner.id)}>
      <QueryProvider>
        <div>
          <h1 className={styles.title}>{partner.name}</h1>
          <p className={styles.subtitle}>Partner console{partner.status === "paused" ? " · paused by Walkthrough: requests with your keys are refused" : ""}</p>
        </div>
        <KeysPanel partnerId={partner.id} />
        <WebhookPanel partnerId={partner.id} />
        <AllowlistPanel partnerId={partner.id} />
        <WorkspacesPanel partnerId={partner.id} />
        <InspectionsPanel partnerId={partner.id} />
        <UsagePanel partnerId={partner.id} />
        <UsersPanel partnerId={partner.id} />
        <AuditPanel partnerId={partner.id} />
      </QueryProvider>
    </PageShell>
  );
}
