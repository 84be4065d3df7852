import type { Metadata } from "next";
import { SignatureSnippets } from "@/components/consoles/SignatureSnippets";
import { PartnerConsole } from "@/components/consoles/PartnerConsole";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verifying signatures · Partner console · Walkthrough" };

export default async function ConsoleSignaturesPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  return (
    <PartnerConsole
      partnerId={partnerId}
      section="webhooks/signatures"
      description="Check each request is ours before you trust it: the Standard Webhooks library of your language does it in a few lines."
    >
      {() => <SignatureSnippets />}
    </PartnerConsole>
  );
}
