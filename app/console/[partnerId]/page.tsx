import type { Metadata } from "next";
import { AllowlistPanel } from "@/components/consoles/AllowlistPanel";
import { KeysPanel } from "@/components/consoles/KeysPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";
import { UsersPanel } from "@/components/consoles/UsersPanel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API keys · Partner console · Walkthrough" };

export default async function PartnerConsolePage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole partnerId={partnerId} section="" description="API keys, return URLs and the people who run your integration.">
      {(partner) => (
        <>
          <KeysPanel partnerId={partner.id} />
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <AllowlistPanel partnerId={partner.id} />
            <UsersPanel partnerId={partner.id} />
          </div>
        </>
      )}
    </PartnerConsole>
  );
}
