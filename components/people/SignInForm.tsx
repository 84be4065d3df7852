"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import styles from "@/components/shell/shell.module.css";
import { useHydrated } from "@/components/ui/use-hydrated";

type Phase = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "error"; message: string };

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setPhase({ kind: "sending" });
    try {
      const result = await signIn("email", { email, callbackUrl, redirect: false });
      if (result?.error) {
        setPhase({
          kind: "error",
          message:
            result.error === "EmailSignin"
              ? "Enter an email address we can send to, like name@company.com."
              : "Something went wrong. Try again in a moment.",
        });
      } else {
        setPhase({ kind: "sent", email });
      }
    } catch {
      setPhase({ kind: "error", message: "We could not reach Walkthrough. Check your connection and try again." });
    }
  }

  if (phase.kind === "sent") {
    return (
      <div role="status">
        <h2>Check your email</h2>
        <p>
          If <strong>{phase.email}</strong> has access to Walkthrough, a sign-in link is on its way. It works once, for 30
          minutes.
        </p>
        <button type="button" className={styles.secondary} onClick={() => setPhase({ kind: "idle" })}>
          Use another address
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor="email">Email address</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          className={styles.input}
          aria-invalid={phase.kind === "error"}
          aria-describedby={phase.kind === "error" ? "email-error" : undefined}
        />
        {phase.kind === "error" && (
          <p id="email-error" className={styles.error} role="alert">
            {phase.message}
          </p>
        )}
      </div>
      <button type="submit" className={styles.button} disabled={!hydrated || phase.kind === "sending"}>
        {phase.kind === "sending" ? "Sending link…" : "Email me a sign-in link"}
      </button>
    </form>
  );
}
