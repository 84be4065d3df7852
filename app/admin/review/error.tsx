"use client";

import { Button } from "@/components/ui/Button";
import { Notice } from "@/components/ui/Notice";

/** The queue or a desk failed to load: say so where the table would be, and offer to try again. */
export default function ReviewError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-ink">Review</h1>
      <Notice
        tone="error"
        title="This page did not load"
        action={
          <Button size="sm" variant="secondary" onClick={() => reset()}>
            Try again
          </Button>
        }
      >
        Nothing was changed. {error.digest ? `Reference: ${error.digest}.` : ""}
      </Notice>
    </main>
  );
}
