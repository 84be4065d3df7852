import type { Metadata } from "next";
import { AllowlistPanel } from "@/components/consoles/AllowlistPanel";
import { KeysPanel } from "@/components/consoles/KeysPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API keys · Partner console · Walkthrough" };

export default async function ConsoleKeysPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="keys"
      description="Keys for the partner API and the return URLs a recording may send people back to."
    >
      {(partner) => (
        <>
          <KeysPanel partnerId={partner.id} />
          <AllowlistPanel partnerId={partner.id} />
        </>
      )}
    </PartnerConsole>
  );
}
