import type { Metadata } from "next";
import { InspectionsPanel } from "@/components/consoles/InspectionsPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";
import { WorkspacesPanel } from "@/components/consoles/WorkspacesPanel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspections · Partner console · Walkthrough" };

export default async function PartnerInspectionsPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="inspections"
      description="Your workspaces and the walkthroughs recorded in them."
    >
      {(partner) => (
        <>
          <InspectionsPanel partnerId={partner.id} />
          <WorkspacesPanel partnerId={partner.id} />
        </>
      )}
    </PartnerConsole>
  );
}
