"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import type { DeliveryChoice } from "@/lib/people/manage-seats";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { Checkbox } from "@/components/ui/Checkbox";
import { Field } from "@/components/ui/Field";
import { Notice } from "@/components/ui/Notice";
import { Select } from "@/components/ui/Select";

// Least serious first: the choice reads from "everything" to "only the worst".
const severities: FindingSeverity[] = ["MINOR", "MODERATE", "MAJOR"];

function ChoiceForm({ initial, single }: { initial: DeliveryChoice; single: boolean }) {
  const t = useTranslations("people.delivery");
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (input: { minimumSeverity: string; receiveMissedSteps: boolean }) =>
      callApi<DeliveryChoice>(`/api/seats/${initial.seatId}/delivery`, { method: "PUT", body: input }),
    // "Saved." beside the button, where the eye already is: a toast as well would say it twice.
    onSuccess: () => setSaved(true),
  });
  const id = initial.seatId;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaved(false);
    save.mutate({
      minimumSeverity: String(form.get("minimumSeverity")),
      receiveMissedSteps: form.get("receiveMissedSteps") === "on",
    });
  }

  return (
    <Card aria-labelledby={`choice-${id}`}>
      <CardHeader
        id={`choice-${id}`}
        title={single ? t("title") : initial.workspaceName}
        description={single ? initial.workspaceName : undefined}
      />
      <form onSubmit={submit} className="flex flex-col gap-5" onChange={() => setSaved(false)}>
        <Field id={`severity-${id}`} label={t("minimum")} hint={t("minimumHint")} className="max-w-md">
          <Select name="minimumSeverity" defaultValue={initial.minimumSeverity}>
            {severities.map((severity) => (
              <option key={severity} value={severity}>
                {t(`severity.${severity}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          name="receiveMissedSteps"
          defaultChecked={initial.receiveMissedSteps}
          label={t("missed")}
          hint={t("missedHint")}
        />
        <div className="flex items-center gap-3 border-t border-line pt-4">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("save")}
          </Button>
          <span role="status" className="text-sm text-success">
            {saved ? t("saved") : ""}
          </span>
        </div>
        {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      </form>
    </Card>
  );
}

export function DeliveryChoices({ choices }: { choices: DeliveryChoice[] }) {
  return (
    <>
      {choices.map((choice) => (
        <ChoiceForm key={choice.seatId} initial={choice} single={choices.length === 1} />
      ))}
    </>
  );
}
