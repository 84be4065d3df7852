import type { Metadata } from "next";
import { WebhookPanel } from "@/components/consoles/WebhookPanel";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks · Partner console · Walkthrough" };

export default async function ConsoleWebhooksPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="webhooks"
      description="Where events go, their signing secret, and every delivery."
    >
      {(partner) => <WebhookPanel partnerId={partner.id} />}
    </PartnerConsole>
  );
}
