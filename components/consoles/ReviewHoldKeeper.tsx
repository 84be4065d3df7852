"use client";

import { Notice } from "@/components/ui/Notice";
import { useReviewHold } from "./useReviewHold";

/** Mounted by the desk page: keeps the hold, and says so when another reviewer has taken the walkthrough over. */
export function ReviewHoldKeeper({ inspectionId }: { inspectionId: string }) {
  const hold = useReviewHold(inspectionId);
  if (hold === undefined || hold.held || !hold.holder) return null;
  return (
    <Notice tone="warning" live title={`${hold.holder} took this walkthrough over`}>
      Your decisions here are refused while they hold it. Go back to the queue, or reload to take it over again.
    </Notice>
  );
}
