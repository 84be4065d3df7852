import type { Metadata } from "next";
import { EventsPanel } from "@/components/consoles/EventsPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Events · Partner console · Walkthrough" };

export default async function ConsoleEventsPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="events"
      description="Every event recorded for you, and where each was delivered."
    >
      {(partner) => <EventsPanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
