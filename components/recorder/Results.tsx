"use client";

import { useMutation } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { Field, Textarea } from "@/components/ui/Field";
import { Notice } from "@/components/ui/Notice";
import { plainWords } from "@/lib/recorder-app/plain-words";
import { Refused, type SessionResult } from "@/lib/recorder-app/recorder-client";
import { secondaryAction } from "./Layout";

const stateTone: Record<SessionResult["state"], BadgeTone> = {
  verified: "success",
  missed: "danger",
  explained: "info",
  not_checked: "neutral",
  pending: "neutral",
};

function Explain({ item, onExplain }: { item: SessionResult; onExplain: (itemId: string, reason: string) => Promise<void> }) {
  const t = useTranslations("recorder");
  const [reason, setReason] = useState("");
  // A refusal is final: only a connection problem is worth sending again.
  const explain = useMutation({
    mutationFn: () => onExplain(item.item_id, reason.trim()),
    retry: (failures, error) => !(error instanceof Refused) && failures < 2,
  });
  const field = `explain-${item.item_id}`;
  return (
    <form
      className="mt-4 flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() !== "") explain.mutate();
      }}
    >
      <Field id={field} label={t("results.explainLabel")}>
        <Textarea className="text-base" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {explain.isError && (
        <Notice tone="error">
          {explain.error instanceof Refused ? t(`refusals.${plainWords(explain.error, "explanation")}`) : t("results.sendFailed")}
        </Notice>
      )}
      <Button
        type="submit"
        variant="secondary"
        className={`${secondaryAction} whitespace-normal`}
        disabled={explain.isPending || reason.trim() === ""}
      >
        {explain.isPending ? t("results.sending") : t("results.explain", { item: item.name })}
      </Button>
    </form>
  );
}

/** The checklist results once there are any, with a way to explain each missed item. */
export function Results({
  results,
  onExplain,
}: {
  results: SessionResult[];
  onExplain: (itemId: string, reason: string) => Promise<void>;
}) {
  const t = useTranslations("recorder.results");
  if (results.length === 0) return null;
  return (
    <Card aria-labelledby="results-title">
      <CardHeader id="results-title" title={t("title")} />
      <ul className="-my-4 flex flex-col divide-y divide-line">
        {results.map((item) => (
          <li key={item.item_id} className="py-4">
            <div className="flex items-center gap-3">
              {item.image_url ? (
                <img
                  className="h-14 w-20 shrink-0 rounded-md bg-subtle object-cover"
                  src={item.image_url}
                  alt={t("stillOf", { item: item.name })}
                />
              ) : (
                <span className="flex h-14 w-20 shrink-0 flex-col items-center justify-center gap-0.5 rounded-md border border-dashed border-line-strong bg-subtle px-1 text-center text-xs leading-tight text-ink-soft">
                  <ImageOff aria-hidden className="size-5" />
                  {t("noPicture")}
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
                <span className="font-medium wrap-anywhere text-ink">{item.name}</span>
                <Badge tone={stateTone[item.state]}>{t(`state.${item.state}`)}</Badge>
              </div>
            </div>
            {item.reason && <p className="mt-3 text-ink-soft">“{item.reason}”</p>}
            {item.explainable && <Explain item={item} onExplain={onExplain} />}
          </li>
        ))}
      </ul>
    </Card>
  );
}
