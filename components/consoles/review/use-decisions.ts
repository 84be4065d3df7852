"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { callApi } from "@/components/ui/call-api";
import { labelOf, reviewVerdictLabel } from "@/lib/labels/console-labels";
import type { ReviewView } from "@/lib/review/show-review";

interface Decision {
  path: string;
  body: unknown;
  /** "Kitchen: verified": what the reviewer decided, named in the error when it does not save. */
  what: string;
  /** The change shown at once; the view read again afterwards puts it back if the server refused. */
  optimistic?: (view: ReviewView) => ReviewView;
}

type Answer = Record<string, unknown>;

/**
 * Every decision is shown at once and sent as it is made, one after another in the order made
 * (so "Release and next" goes after the verdicts typed before it). Once none is in flight the view
 * is read again: a refusal (released or failed meanwhile, held by someone else: 409) puts the row
 * back, and `failed` says which decision did not save.
 */
export function useDecisions(inspectionId: string) {
  const client = useQueryClient();
  const key = ["review", inspectionId];
  const base = `/api/console/review/${inspectionId}`;
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);
  const [saving, setSaving] = useState(0);
  const [failed, setFailed] = useState<string>();

  function run(decision: Decision): Promise<Answer | undefined> {
    setFailed(undefined);
    if (decision.optimistic) client.setQueryData<ReviewView>(key, (view) => view && decision.optimistic!(view));
    inFlight.current += 1;
    setSaving(inFlight.current);
    const sent = chain.current.then(() =>
      callApi<Answer>(`${base}${decision.path}`, { method: "POST", body: decision.body }).then(
        (answer) => answer,
        (error: Error) => {
          setFailed(`${decision.what} did not save: ${error.message} Try again.`);
          return undefined;
        },
      ),
    );
    chain.current = sent;
    return sent.finally(async () => {
      inFlight.current -= 1;
      setSaving(inFlight.current);
      if (inFlight.current === 0) await client.invalidateQueries({ queryKey: key });
    });
  }

  const decideItem = (itemId: string, name: string, state: string) =>
    run({
      path: `/items/${itemId}`,
      body: { state },
      what: `${name}: ${labelOf(reviewVerdictLabel, state).toLowerCase()}`,
      optimistic: (view) => ({
        ...view,
        items: view.items.map((item) => (item.itemId === itemId ? { ...item, state, reviewNeeded: false } : item)),
      }),
    });

  const reviewFinding = (findingId: string, room: string, accept: boolean) =>
    run({
      path: `/findings/${findingId}`,
      body: { accept },
      what: `${room}: ${accept ? "keeping the finding" : "rejecting the finding"}`,
      optimistic: (view) => ({
        ...view,
        findings: view.findings.map((finding) =>
          finding.findingId === findingId ? { ...finding, reviewNeeded: false, rejected: !accept } : finding,
        ),
      }),
    });

  const addFinding = (body: Record<string, unknown>, room: string) =>
    run({ path: "/findings", body, what: `${room}: the new finding` });
  const release = () => run({ path: "/release", body: {}, what: "The release" });
  const fail = (reason: string) => run({ path: "/fail", body: { reason }, what: "Failing the inspection" });

  return {
    decideItem,
    reviewFinding,
    addFinding,
    release,
    fail,
    failed,
    saving: saving > 0,
    dismiss: () => setFailed(undefined),
  };
}
