"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import type { DeliveryChoice } from "@/lib/people/manage-seats";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { Checkbox } from "@/components/ui/Checkbox";
import { Field } from "@/components/ui/Field";
import { Notice } from "@/components/ui/Notice";
import { Select } from "@/components/ui/Select";

const severityChoice: Record<FindingSeverity, string> = {
  MINOR: "Any finding, minor ones included",
  MODERATE: "A moderate or major finding",
  MAJOR: "A major finding only",
};

function ChoiceForm({ initial, single }: { initial: DeliveryChoice; single: boolean }) {
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
        title={single ? "Report emails" : initial.workspaceName}
        description={single ? initial.workspaceName : undefined}
      />
      <form onSubmit={submit} className="flex flex-col gap-5" onChange={() => setSaved(false)}>
        <Field
          id={`severity-${id}`}
          label="Email me reports with a finding at least"
          hint="Reports below this stay on the Inspections page."
          className="max-w-md"
        >
          <Select name="minimumSeverity" defaultValue={initial.minimumSeverity}>
            {(Object.keys(severityChoice) as FindingSeverity[]).map((severity) => (
              <option key={severity} value={severity}>
                {severityChoice[severity]}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          name="receiveMissedSteps"
          defaultChecked={initial.receiveMissedSteps}
          label="Also email me reports where the cleaner missed checklist steps"
          hint="Even when no finding reaches the level above."
        />
        <div className="flex items-center gap-3 border-t border-line pt-4">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
          <span role="status" className="text-sm text-success">
            {saved ? "Saved." : ""}
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
