"use client";

import { useState } from "react";
import styles from "@/components/shell/shell.module.css";

type State = { step: "idle" | "sending" } | { step: "done"; status: string } | { step: "failed"; message: string };

/** Confirms a demo submission by a deliberate press, so a mail scanner following the link confirms nothing. */
export function DemoConfirm({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: "idle" });

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
      <p role="status">
        {state.status === "received"
          ? "Confirmed: your video is kept for you. Analysis runs on an account; book a call to get one."
          : "Confirmed: the photos are being analysed. We mail you when the result is ready; read it with your poll token."}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => void confirm()}
        disabled={state.step === "sending" || token === ""}
      >
        {state.step === "sending" ? "Confirming…" : "Confirm"}
      </button>
      {token === "" && <p role="alert">This link is incomplete: open the whole link from the mail.</p>}
      {state.step === "failed" && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
    </>
  );
}
