"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/components/ui/call-api";

/** Well inside the 10-minute hold (lib/review/review-holds.ts): a missed beat or two never lets it lapse. */
const renewEveryMs = 3 * 60 * 1000;

export type HoldState = { held: true } | { held: false; holder?: string; waiting?: false } | undefined;

/**
 * Keeps the signed-in reviewer's hold on a walkthrough while its desk is open: renewed every few
 * minutes and when the tab comes back into view. Decisions renew it too (on the server). Answers
 * the last answer, so the desk can say when someone took it over.
 */
export function useReviewHold(inspectionId: string): HoldState {
  const [state, setState] = useState<HoldState>(undefined);
  useEffect(() => {
    let live = true;
    const renew = () =>
      callApi<Exclude<HoldState, undefined>>(`/api/console/review/${inspectionId}/hold`, { method: "POST", body: {} })
        .then((answer) => live && setState(answer))
        // Offline for a moment: the next beat tries again, and a decision renews it anyway.
        .catch(() => undefined);
    const timer = window.setInterval(renew, renewEveryMs);
    const onVisible = () => document.visibilityState === "visible" && void renew();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [inspectionId]);
  return state;
}
