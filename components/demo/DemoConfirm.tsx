"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Notice } from "@/components/ui/Notice";
import { useHydrated } from "@/components/ui/use-hydrated";

type State = { step: "idle" | "sending" } | { step: "done"; status: string } | { step: "failed"; message: string };

/** Confirms a demo submission by a deliberate press, so a mail scanner following the link confirms nothing. */
export function DemoConfirm({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: "idle" });
  // Pressed before React has hydrated, the button would do nothing and look broken.
  const hydrated = useHydrated();

  async function confirm() {
    setState({ step: "sending" });
    try {
      const response = await fetch("/demo/confirmations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      const body = (await response.json()) as { status?: string; error?: { message: string } };
      if (response.ok && body.status) setState({ step: "done", status: body.status });
      else setState({ step: "failed", message: body.error?.message ?? "The confirmation did not go through." });
    } catch {
      setState({ step: "failed", message: "No connection. Check it and press Confirm again." });
    }
  }

  if (state.step === "done") {
    return (
      <Notice tone="success" live>
        {state.status === "received"
          ? "Confirmed: your video is kept for you. Analysis runs on an account; book a call to get one."
          : "Confirmed: the photos are being analysed. We mail you when the result is ready; read it with your poll token."}
      </Notice>
    );
  }
  if (token === "") {
    return <Notice tone="error">This link is incomplete: open the whole link from the mail.</Notice>;
  }
  return (
    <div className="flex flex-col gap-4">
      {state.step === "failed" && <Notice tone="error">{state.message}</Notice>}
      <Button size="lg" className="w-full" onClick={() => void confirm()} disabled={!hydrated || state.step === "sending"}>
        {state.step === "sending" ? "Confirming…" : "Confirm"}
      </Button>
    </div>
  );
}
