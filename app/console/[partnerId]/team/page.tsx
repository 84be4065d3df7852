import type { Metadata } from "next";
import { UsersPanel } from "@/components/consoles/UsersPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Team · Partner console · Walkthrough" };

export default async function ConsoleTeamPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole partnerId={partnerId} section="team" description="The people of your company who run this integration.">
      {(partner) => <UsersPanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
