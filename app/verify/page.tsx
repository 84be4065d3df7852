import type { Metadata } from "next";
import { Card, CardHeader } from "@/components/ui/Card";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";
import { VerifyEvidence } from "@/components/verify/VerifyEvidence";

export const metadata: Metadata = {
  title: "Check a walkthrough's evidence · Walkthrough",
  description:
    "Check that a walkthrough's video, pictures and report are exactly what was signed when it was recorded. The files stay on your computer.",
};

/**
 * The public check of a walkthrough's evidence (issue 27): an insurer, a platform's claims agent or
 * a court drops the packet, and the browser checks it against the keys this site publishes.
 */
export default function VerifyPage() {
  return (
    <PageShell>
      <PageHeader
        title="Check a walkthrough's evidence"
        description="See for yourself that a walkthrough's video, pictures and report are exactly what was signed when it was recorded."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <VerifyEvidence />
        <Card aria-labelledby="how-title">
          <CardHeader id="how-title" title="How the check works" />
          <div className="flex flex-col gap-3 text-sm text-ink-soft">
            <p>
              When a walkthrough is recorded, Walkthrough signs a record of it: when each part of the video reached our servers,
              and a fingerprint (SHA-256) of each part as the phone sent it, of the video and of every picture. When the report is
              released, a second signed record names the findings and their pictures.
            </p>
            <p>
              This page checks each signature with Walkthrough&apos;s published keys (
              <TextLink href="/.well-known/jwks.json">/.well-known/jwks.json</TextLink>) and computes each file&apos;s fingerprint
              again. If a single byte of the video, a picture or a record was changed, the check says which.
            </p>
            <p>
              Each record also names the home&apos;s previous walkthrough by the fingerprint of its record, so a record removed or
              changed later breaks the chain. The packet carries that previous record, and the page checks the link.
            </p>
            <p className="font-medium text-ink">
              Your files are read by your browser only: nothing is uploaded. The page fetches only the published keys.
            </p>
            <p>
              You can also check a packet without this page: its VERIFY.txt explains the same checks with{" "}
              <code className="font-mono text-xs">openssl</code>.
            </p>
          </div>
        </Card>
      </div>
    </PageShell>
  );
}
