"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { DeliveryChoice } from "@/lib/people/manage-seats";
import { callApi } from "@/components/ui/call-api";
import styles from "@/components/shell/shell.module.css";
import { useHydrated } from "@/components/ui/use-hydrated";

function ChoiceForm({ initial }: { initial: DeliveryChoice }) {
  const [saved, setSaved] = useState(false);
  const hydrated = useHydrated();
  const save = useMutation({
    mutationFn: (input: { minimumSeverity: string; receiveMissedSteps: boolean }) =>
      callApi<DeliveryChoice>(`/api/seats/${initial.seatId}/delivery`, { method: "PUT", body: input }),
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
    <form onSubmit={submit} className={styles.card} aria-labelledby={`choice-${id}`}>
      <h2 id={`choice-${id}`}>{initial.workspaceName}</h2>
      <div className={styles.field}>
        <label htmlFor={`severity-${id}`}>Email me reports with a finding at least</label>
        <select id={`severity-${id}`} name="minimumSeverity" className={styles.select} defaultValue={initial.minimumSeverity}>
          <option value="MINOR">Minor (every finding)</option>
          <option value="MODERATE">Moderate</option>
          <option value="MAJOR">Major only</option>
        </select>
      </div>
      <div className={styles.field} style={{ flexDirection: "row", alignItems: "center", gap: 10 }}>
        <input
          id={`missed-${id}`}
          name="receiveMissedSteps"
          type="checkbox"
          defaultChecked={initial.receiveMissedSteps}
          style={{ width: 22, height: 22 }}
        />
        <label htmlFor={`missed-${id}`} style={{ fontWeight: 400 }}>
          Also email me reports where the cleaner missed checklist steps
        </label>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={!hydrated || save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </button>
        {saved && <span role="status">Saved.</span>}
      </div>
      {save.isError && (
        <p className={styles.error} role="alert">
          {save.error.message}
        </p>
      )}
    </form>
  );
}

export function DeliveryChoices({ choices }: { choices: DeliveryChoice[] }) {
  return (
    <>
      {choices.map((choice) => (
        <ChoiceForm key={choice.seatId} initial={choice} />
      ))}
    </>
  );
}
