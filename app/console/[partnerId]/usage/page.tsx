import type { Metadata } from "next";
import { UsagePanel } from "@/components/consoles/UsagePanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Usage · Partner console · Walkthrough" };

export default async function ConsoleUsagePage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="usage"
      description="Your calls to the partner API and how your receiver answered, over the last 30 days."
    >
      {(partner) => <UsagePanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
