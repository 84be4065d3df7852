"use client";

import { MailCheck } from "lucide-react";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Form } from "@/components/ui/Form";
import { Notice } from "@/components/ui/Notice";

type Phase =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; email: string }
  | { kind: "error"; problem: "badAddress" | "failed" | "unreachable" };

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("signIn.form");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setPhase({ kind: "sending" });
    try {
      const result = await signIn("email", { email, callbackUrl, redirect: false });
      if (result?.error === "EmailSignin") {
        setPhase({ kind: "error", problem: "badAddress" });
      } else if (result?.error) {
        setPhase({ kind: "error", problem: "failed" });
      } else {
        setPhase({ kind: "sent", email });
      }
    } catch {
      setPhase({ kind: "error", problem: "unreachable" });
    }
  }

  if (phase.kind === "sent") {
    return (
      <div role="status" className="flex flex-col items-start gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-success-soft text-success">
          <MailCheck aria-hidden className="size-5" />
        </span>
        <h2 className="text-base font-semibold text-ink">{t("sentTitle")}</h2>
        <p className="text-sm text-ink-soft">
          {t.rich("sentBody", {
            email: phase.email,
            address: (words) => <strong className="font-semibold break-all text-ink">{words}</strong>,
          })}
        </p>
        <Button variant="secondary" onClick={() => setPhase({ kind: "idle" })}>
          {t("otherAddress")}
        </Button>
      </div>
    );
  }

  // A refused address goes with the field; any other problem under it.
  const addressError = phase.kind === "error" && phase.problem === "badAddress" ? t("badAddress") : undefined;
  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id="email" label={t("email")} error={addressError && <span role="alert">{addressError}</span>}>
        <Input name="email" type="email" autoComplete="email" inputMode="email" required placeholder={t("placeholder")} />
      </Field>
      {phase.kind === "error" && phase.problem !== "badAddress" && <Notice tone="error">{t(phase.problem)}</Notice>}
      <Button type="submit" size="lg" className="w-full" disabled={phase.kind === "sending"}>
        {phase.kind === "sending" ? t("sending") : t("submit")}
      </Button>
    </Form>
  );
}
