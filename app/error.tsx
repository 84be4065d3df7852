"use client";

import { Button } from "@/components/ui/Button";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";

/** A page that failed to render: plain words and a way to try again; the details are in the server's log. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <CentredPage>
      <CentredPageHeading title="This page did not load">
        Something went wrong on our side. Try again; if it still fails, come back in a few minutes.
      </CentredPageHeading>
      {error.digest && <p className="text-xs text-muted">If it keeps happening, tell us this reference: {error.digest}</p>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => reset()}>Try again</Button>
        <Button asChild variant="secondary">
          <a href="/">Go to the front page</a>
        </Button>
      </div>
    </CentredPage>
  );
}
