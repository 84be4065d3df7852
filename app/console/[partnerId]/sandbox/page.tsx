import type { Metadata } from "next";
import { SandboxPanel } from "@/components/consoles/SandboxPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sandbox · Partner console · Walkthrough" };

export default async function ConsoleSandboxPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="sandbox"
      description="Watch the whole flow reach your receiver before any cleaner records a walkthrough."
    >
      {(partner) => <SandboxPanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
