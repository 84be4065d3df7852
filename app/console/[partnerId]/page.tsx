import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { PartnerPanels } from "@/components/consoles/PartnerPanels";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { partnerLinks } from "@/components/consoles/nav";
import { findPartner } from "@/lib/partners/find-partner";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partner console · Walkthrough" };

export default async function PartnerConsolePage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  const access = await consolePage(`/console/${partnerId}`, { partnerId });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const partner = await findPartner(partnerId);
  if (partner === null) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={partnerLinks(partner.id)}>
      <QueryProvider>
        <div>
          <h1 className={styles.title}>{partner.name}</h1>
          <p className={styles.subtitle}>
            Partner console{partner.status === "paused" ? " · paused by Walkthrough: requests with your keys are refused" : ""}
          </p>
        </div>
        <PartnerPanels partnerId={partner.id} />
      </QueryProvider>
    </PageShell>
  );
}
