import type { Metadata } from "next";
import { AuditPanel } from "@/components/consoles/AuditPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit · Partner console · Walkthrough" };

export default async function ConsoleAuditPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole partnerId={partnerId} section="audit" description="Every change made to your integration, by whom and when.">
      {(partner) => <AuditPanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
