import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { PartnerPanels } from "@/components/consoles/PartnerPanels";
import { PartnerControls } from "@/components/consoles/PartnerControls";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { staffLinks } from "@/components/consoles/nav";
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
    <PageShell person={access.person} links={staffLinks}>
      <QueryProvider>
        <div>
          <h1 className={styles.title}>{partner.name}</h1>
          <p className={styles.subtitle}>
            Partner <code>{partner.id}</code> · since {partner.createdAt.toISOString().slice(0, 10)}
          </p>
        </div>
        <PartnerControls
          partnerId={partner.id}
          status={partner.status}
          rosterMax={partner.rosterMax}
          eventTrack={partner.eventTrack}
        />
        <PartnerPanels partnerId={partner.id} staff />
      </QueryProvider>
    </PageShell>
  );
}
