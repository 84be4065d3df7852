"use client";

import { MailCheck } from "lucide-react";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Form } from "@/components/ui/Form";
import { Notice } from "@/components/ui/Notice";

type Phase =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; email: string }
  /** `address`: the address itself was refused, so the message goes with the field. */
  | { kind: "error"; message: string; address: boolean };

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setPhase({ kind: "sending" });
    try {
      const result = await signIn("email", { email, callbackUrl, redirect: false });
      if (result?.error === "EmailSignin") {
        setPhase({ kind: "error", address: true, message: "Enter an email address we can send to, like name@company.com." });
      } else if (result?.error) {
        setPhase({ kind: "error", address: false, message: "Something went wrong. Try again in a moment." });
      } else {
        setPhase({ kind: "sent", email });
      }
    } catch {
      setPhase({
        kind: "error",
        address: false,
        message: "We could not reach Walkthrough. Check your connection and try again.",
      });
    }
  }

  if (phase.kind === "sent") {
    return (
      <div role="status" className="flex flex-col items-start gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-success-soft text-success">
          <MailCheck aria-hidden className="size-5" />
        </span>
        <h2 className="text-base font-semibold text-ink">Check your email</h2>
        <p className="text-sm text-ink-soft">
          If <strong className="font-semibold break-all text-ink">{phase.email}</strong> has access to Walkthrough, a sign-in link
          is on its way. It works once, for 30 minutes.
        </p>
        <Button variant="secondary" onClick={() => setPhase({ kind: "idle" })}>
          Use another address
        </Button>
      </div>
    );
  }

  const addressError = phase.kind === "error" && phase.address ? phase.message : undefined;
  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id="email" label="Email address" error={addressError && <span role="alert">{addressError}</span>}>
        <Input name="email" type="email" autoComplete="email" inputMode="email" required placeholder="name@company.com" />
      </Field>
      {phase.kind === "error" && !phase.address && <Notice tone="error">{phase.message}</Notice>}
      <Button type="submit" size="lg" className="w-full" disabled={phase.kind === "sending"}>
        {phase.kind === "sending" ? "Sending link…" : "Email me a sign-in link"}
      </Button>
    </Form>
  );
}
