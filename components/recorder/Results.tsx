"use client";

import { CircleCheck, ImageOff } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";
import { Field, Textarea } from "@/components/ui/Field";
import { Notice } from "@/components/ui/Notice";
import {
  fixedReasonOf,
  missedReasonIds,
  type ReasonChoice,
  reasonMaxLength,
  reasonToSend,
} from "@/lib/recorder-app/missed-reasons";
import { plainWords } from "@/lib/recorder-app/plain-words";
import { Refused, type SessionResult } from "@/lib/recorder-app/recorder-client";
import { ChecklistRow } from "./ChecklistRow";
import { primaryAction } from "./Layout";

const stateTone: Record<SessionResult["state"], BadgeTone> = {
  verified: "success",
  missed: "danger",
  explained: "info",
  not_checked: "neutral",
  pending: "neutral",
};

type Explain = (itemId: string, reason: string) => Promise<void>;

/** How sending an item's reason went: sent, or why not (a refusal's words, or the connection). */
type Outcome = { sent: true } | { sent: false; refusal?: ReturnType<typeof plainWords> };

/** A refusal is final; a connection problem is worth one more try. */
async function sendOne(onExplain: Explain, itemId: string, reason: string): Promise<Outcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onExplain(itemId, reason);
      return { sent: true };
    } catch (error) {
      if (error instanceof Refused) return { sent: false, refusal: plainWords(error, "explanation") };
      if (attempt >= 2) return { sent: false };
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** The reasons for one missed item as large toggle chips; "Something else" opens a field for the cleaner's words. */
function ReasonChips({
  item,
  choice,
  onChoose,
  disabled,
}: {
  item: SessionResult;
  choice?: ReasonChoice;
  onChoose: (choice: ReasonChoice | undefined) => void;
  disabled: boolean;
}) {
  const t = useTranslations("recorder.reasons");
  const words = `reason-words-${item.item_id}`;
  return (
    <div className="mt-3 flex flex-col gap-3">
      <div role="group" aria-label={t("legend", { item: item.name })} className="flex flex-col gap-2">
        <p className="text-sm font-medium text-ink-soft" aria-hidden="true">
          {t("prompt")}
        </p>
        <div className="grid grid-cols-2 gap-2">
          {missedReasonIds.map((id) => {
            const pressed = choice?.reason === id;
            return (
              <button
                key={id}
                type="button"
                disabled={disabled}
                aria-pressed={pressed}
                className={cn(
                  "min-h-14 rounded-lg border-2 px-3 py-2 text-center text-base leading-snug font-medium",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-55",
                  pressed ? "border-accent bg-accent text-accent-ink" : "border-line-strong bg-surface text-ink hover:bg-subtle",
                )}
                onClick={() => onChoose(pressed ? undefined : { reason: id, words: choice?.words })}
              >
                {t(id)}
              </button>
            );
          })}
        </div>
      </div>
      {choice?.reason === "other" && (
        <Field id={words} label={t("otherLabel")}>
          <Textarea
            className="text-base"
            maxLength={reasonMaxLength}
            disabled={disabled}
            value={choice.words ?? ""}
            onChange={(event) => onChoose({ reason: "other", words: event.target.value })}
          />
        </Field>
      )}
    </div>
  );
}

/**
 * The checklist results once there are any. Each missed item the cleaner may explain gets the
 * one-tap reasons; one button sends every chosen reason, one item after another (the API takes
 * one per call), and each item says whether its reason went.
 */
export function Results({ results, onExplain }: { results: SessionResult[]; onExplain: Explain }) {
  const t = useTranslations("recorder");
  const [choices, setChoices] = useState<Record<string, ReasonChoice | undefined>>({});
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [sending, setSending] = useState(false);
  if (results.length === 0) return null;

  const ready = results.flatMap((item) => {
    const choice = choices[item.item_id];
    const reason = item.explainable && choice ? reasonToSend(choice) : undefined;
    return reason ? [{ itemId: item.item_id, reason }] : [];
  });
  const explainable = results.some((item) => item.explainable);

  async function sendAll() {
    setSending(true);
    for (const { itemId, reason } of ready) {
      const outcome = await sendOne(onExplain, itemId, reason);
      setOutcomes((before) => ({ ...before, [itemId]: outcome }));
    }
    setSending(false);
  }

  return (
    <>
      <Card aria-labelledby="results-title">
        <CardHeader
          id="results-title"
          title={t("results.title")}
          description={explainable && <span className="text-base text-ink-soft">{t("reasons.body")}</span>}
        />
        <ul className="-my-4 flex flex-col divide-y divide-line">
          {results.map((item) => {
            const outcome = outcomes[item.item_id];
            const fixed = item.reason ? fixedReasonOf(item.reason) : undefined;
            return (
              <li key={item.item_id}>
                <ChecklistRow
                  item={item}
                  media={
                    item.image_url ? (
                      <img
                        className="h-14 w-20 shrink-0 rounded-md bg-subtle object-cover"
                        src={item.image_url}
                        alt={t("results.stillOf", { item: item.name })}
                      />
                    ) : (
                      <span className="flex h-14 w-20 shrink-0 flex-col items-center justify-center gap-0.5 rounded-md border border-dashed border-line-strong bg-subtle px-1 text-center text-xs leading-tight text-ink-soft">
                        <ImageOff aria-hidden className="size-5" />
                        {t("results.noPicture")}
                      </span>
                    )
                  }
                  detail={
                    <span className="mt-1">
                      <Badge tone={stateTone[item.state]}>{t(`results.state.${item.state}`)}</Badge>
                    </span>
                  }
                >
                  {item.reason && <p className="mt-3 text-ink-soft">“{fixed ? t(`reasons.${fixed}`) : item.reason}”</p>}
                  {outcome?.sent && (
                    <p className="mt-2 flex items-center gap-2 font-medium text-success" role="status">
                      <CircleCheck aria-hidden className="size-5" />
                      {t("reasons.sent")}
                    </p>
                  )}
                  {item.explainable && (
                    <ReasonChips
                      item={item}
                      choice={choices[item.item_id]}
                      disabled={sending}
                      onChoose={(choice) => setChoices((before) => ({ ...before, [item.item_id]: choice }))}
                    />
                  )}
                  {outcome && !outcome.sent && (
                    <Notice tone="error" className="mt-3">
                      {outcome.refusal ? t(`refusals.${outcome.refusal}`) : t("results.sendFailed")}
                    </Notice>
                  )}
                </ChecklistRow>
              </li>
            );
          })}
        </ul>
      </Card>
      {explainable && (
        <div className="sticky bottom-0 z-10 -mx-4 border-t border-line bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
          <Button
            className={cn(primaryAction, "whitespace-normal")}
            disabled={sending || ready.length === 0}
            onClick={() => void sendAll()}
          >
            {sending ? t("results.sending") : t("reasons.send", { count: ready.length })}
          </Button>
        </div>
      )}
    </>
  );
}
