"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import styles from "@/components/shell/shell.module.css";

/** Where a recording link's `return_url` may send the cleaner back to. */
export function AllowlistPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const path = `/api/console/partners/${partnerId}/allowlist`;
  const list = useQuery({ queryKey: ["allowlist", partnerId], queryFn: () => callApi<{ entries: string[] }>(path) });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["allowlist", partnerId] }),
      client.invalidateQueries({ queryKey: ["audit"] }),
    ]);
  const add = useMutation({
    mutationFn: (entry: string) => callApi(path, { method: "POST", body: { entry } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (entry: string) => callApi(`${path}?entry=${encodeURIComponent(entry)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(String(new FormData(form).get("entry") ?? ""), { onSuccess: () => form.reset() });
  }

  return (
    <section className={styles.card} aria-labelledby={`allowlist-${partnerId}`}>
      <h2 id={`allowlist-${partnerId}`}>Return URL allowlist</h2>
      <p className={styles.muted}>
        An app scheme (myapp://) or a web origin (https://app.example.com). Other return_urls are refused.
      </p>
      {list.isPending && <p role="status">Loading…</p>}
      {list.isSuccess && list.data.entries.length === 0 && <p>Empty: every return_url is refused.</p>}
      {list.isSuccess && list.data.entries.length > 0 && (
        <ul>
          {list.data.entries.map((entry) => (
            <li key={entry}>
              <code>{entry}</code>{" "}
              <button
                type="button"
                className={styles.secondary}
                aria-label={`Remove ${entry}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(entry)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={styles.filters} aria-label="Add to the allowlist">
        <div className={styles.field}>
          <label htmlFor={`entry-${partnerId}`}>Scheme or origin</label>
          <input id={`entry-${partnerId}`} name="entry" required className={styles.input} placeholder="https://app.example.com" />
        </div>
        <button type="submit" className={styles.button} disabled={add.isPending}>
          Add
        </button>
      </form>
      {(add.isError || remove.isError) && (
        <p className={styles.error} role="alert">
          {(add.error ?? remove.error)?.message}
        </p>
      )}
    </section>
  );
}
