import type { Metadata } from "next";
import { InspectionsPanel } from "@/components/consoles/InspectionsPanel";
import { WorkspacesPanel } from "@/components/consoles/WorkspacesPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workspaces · Partner console · Walkthrough" };

export default async function ConsoleWorkspacesPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="workspaces"
      description="Your workspaces and the walkthroughs recorded in them."
    >
      {(partner) => (
        <>
          <WorkspacesPanel partnerId={partner.id} />
          <InspectionsPanel partnerId={partner.id} />
        </>
      )}
    </PartnerConsole>
  );
}
