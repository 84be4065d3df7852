"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { fallbackWords, plainWords } from "@/lib/recorder-app/plain-words";
import { Refused, type SessionResult } from "@/lib/recorder-app/recorder-client";
import styles from "./recorder.module.css";

const stateLabel: Record<SessionResult["state"], string> = {
  verified: "Done",
  missed: "Missed",
  explained: "Explained",
  not_checked: "Not checked",
  pending: "Checking",
};

function Explain({ item, onExplain }: { item: SessionResult; onExplain: (itemId: string, reason: string) => Promise<void> }) {
  const [reason, setReason] = useState("");
  // A refusal is final: only a connection problem is worth sending again.
  const explain = useMutation({
    mutationFn: () => onExplain(item.item_id, reason.trim()),
    retry: (failures, error) => !(error instanceof Refused) && failures < 2,
  });
  const field = `explain-${item.item_id}`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() !== "") explain.mutate();
      }}
    >
      <label htmlFor={field} className={styles.muted}>
        Did you do this? Say why the video does not show it.
      </label>
      <textarea
        id={field}
        className={styles.textarea}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {explain.isError && (
        <p className={styles.error} role="alert">
          {explain.error instanceof Refused
            ? plainWords(explain.error, fallbackWords.explanation)
            : "Could not send your explanation. Check the connection and try again."}
        </p>
      )}
      <button type="submit" className={styles.secondary} disabled={explain.isPending || reason.trim() === ""}>
        {explain.isPending ? "Sending…" : `Explain “${item.name}”`}
      </button>
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
  if (results.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="results-title">
      <h2 id="results-title">Checklist results</h2>
      <ul className={styles.list}>
        {results.map((item) => (
          <li key={item.item_id} className={styles.result}>
            {item.image_url ? (
              <img className={styles.thumb} src={item.image_url} alt={`Still of ${item.name}`} />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <div style={{ flex: 1, minWidth: 0 }}>
              <div>{item.name}</div>
              <span
                className={`${styles.state} ${item.state === "missed" ? styles.stateMissed : item.state === "verified" || item.state === "explained" ? styles.stateDone : ""}`}
              >
                {stateLabel[item.state]}
              </span>
              {item.reason && <p className={styles.muted}>“{item.reason}”</p>}
              {item.explainable && <Explain item={item} onExplain={onExplain} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
