import type { Metadata } from "next";
import { OverviewPanel } from "@/components/consoles/OverviewPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview · Partner console · Walkthrough" };

export default async function ConsoleOverviewPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section=""
      description="How your integration stands: keys, the receiver, failures and workspaces."
    >
      {(partner) => <OverviewPanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
