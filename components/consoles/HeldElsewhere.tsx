"use client";

import { Lock } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { TextLink } from "@/components/ui/TextLink";

/**
 * The desk of a walkthrough another reviewer holds: who, and an explicit "Take over" (audited on
 * the server) instead of a desk two people would work at once.
 */
export function HeldElsewhere({ inspectionId, holder }: { inspectionId: string; holder: string }) {
  const router = useRouter();
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const takeOver = async () => {
    setBusy(true);
    try {
      await callApi(`/api/console/review/${inspectionId}/take-over`, { method: "POST", body: {} });
      router.refresh();
    } catch (caught) {
      setError(caught as Error);
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="held-title">
      <CardHeader
        id="held-title"
        title={`${holder} is reviewing this walkthrough`}
        description="Two reviewers never work on one walkthrough. Take it over only if they have stopped: they will be told, and the take-over is recorded in the audit log."
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={takeOver} disabled={busy}>
          <Lock aria-hidden />
          Take over
        </Button>
        <TextLink href="/admin/review/next">Review the next one instead</TextLink>
      </div>
      <ErrorAlert error={error} title="The take-over did not go through" />
    </Card>
  );
}
