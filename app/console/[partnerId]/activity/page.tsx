import type { Metadata } from "next";
import { AuditPanel } from "@/components/consoles/AuditPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";
import { UsagePanel } from "@/components/consoles/UsagePanel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Activity · Partner console · Walkthrough" };

export default async function PartnerActivityPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="activity"
      description="Your API calls over the last 30 days, and every change made here."
    >
      {(partner) => (
        <>
          <UsagePanel partnerId={partner.id} />
          <AuditPanel partnerId={partner.id} />
        </>
      )}
    </PartnerConsole>
  );
}
