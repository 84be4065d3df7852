"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { KeyRow } from "@/lib/consoles/partner-operations";
import { OnceSecret } from "./OnceSecret";

const scopes = ["read:inspections", "read:workspaces", "read:reservations"];
const day = (iso?: string) => (iso ? iso.slice(0, 16).replace("T", " ") : "never");

/** A partner's keys and the rotation flow of the spec's Authentication section, step by step. */
export function KeysPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const path = `/api/console/partners/${partnerId}/keys`;
  const keys = useQuery({ queryKey: ["keys", partnerId], queryFn: () => callApi<{ keys: KeyRow[] }>(path) });
  const [issued, setIssued] = useState<string>();
  const create = useMutation({
    mutationFn: (chosen: string[]) =>
      callApi<{ keyId: string; apiKey: string }>(path, { method: "POST", body: { scopes: chosen } }),
    onSuccess: (key) => {
      setIssued(key.apiKey);
      void client.invalidateQueries({ queryKey: ["keys", partnerId] });
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => callApi(`${path}/${keyId}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["keys", partnerId] }),
        client.invalidateQueries({ queryKey: ["audit"] }),
      ]),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).getAll("scope").map(String);
    setIssued(undefined);
    create.mutate(chosen);
  }

  const active = keys.data?.keys.filter((key) => key.status === "active") ?? [];
  return (
    <section className={styles.card} aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <ol className={styles.muted}>
        <li>Create a second key while the old one still works.</li>
        <li>Deploy it everywhere the old key is used; the old key&apos;s &ldquo;last used&rdquo; stops moving.</li>
        <li>Revoke the old key. At most two keys are active at a time.</li>
      </ol>
      {keys.isPending && <p role="status">Loading keys…</p>}
      <ErrorAlert error={keys.error} />
      {keys.data && (
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.keys.map((key) => (
              <tr key={key.keyId}>
                <td data-label="Key">
                  <code>{key.hint}</code>
                </td>
                <td data-label="Scopes">{key.scopes.join(", ")}</td>
                <td data-label="Created">{day(key.createdAt)}</td>
                <td data-label="Last used">{day(key.lastUsedAt)}</td>
                <td data-label="Status">
                  {key.status === "active" ? (
                    <button
                      type="button"
                      className={styles.secondary}
                      disabled={revoke.isPending}
                      aria-label={`Revoke key ${key.hint.replace(/…$/, "")}`}
                      onClick={() =>
                        window.confirm(`Revoke key ${key.hint}? Requests with it are refused from then on.`) &&
                        revoke.mutate(key.keyId)
                      }
                    >
                      Revoke
                    </button>
                  ) : (
                    `Revoked ${day(key.revokedAt)}`
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorAlert error={revoke.error} />
      <form onSubmit={submit} aria-label="Create a key">
        <fieldset className={styles.field} style={{ border: "none", padding: 0 }}>
          <legend className={styles.fieldLabel}>Scopes of the new key</legend>
          {scopes.map((scope) => (
            <label key={scope} style={{ fontWeight: 400 }}>
              <input type="checkbox" name="scope" value={scope} defaultChecked={scope === "read:inspections"} /> {scope}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={styles.button} disabled={create.isPending || active.length >= 2}>
          {create.isPending ? "Creating…" : "Create key"}
        </button>
        {active.length >= 2 && <span className={styles.muted}> Two keys are active: revoke one first.</span>}
      </form>
      <ErrorAlert error={create.error} />
      {issued && <OnceSecret label="The new API key" value={issued} />}
    </section>
  );
}
