"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { PartnerUserView as UserRow } from "@/lib/consoles/console-people";

/** Who has the partner's console; anyone in it may invite a colleague. */
export function UsersPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const path = `/api/console/partners/${partnerId}/users`;
  const users = useQuery({ queryKey: ["users", partnerId], queryFn: () => callApi<{ users: UserRow[] }>(path) });
  const [sent, setSent] = useState<string>();
  const invite = useMutation({
    mutationFn: (email: string) => callApi<UserRow>(path, { method: "POST", body: { email } }),
    onSuccess: (user) => {
      setSent(user.email);
      void client.invalidateQueries({ queryKey: ["users", partnerId] });
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(undefined);
    invite.mutate(String(new FormData(event.currentTarget).get("email") ?? ""));
  }

  return (
    <section className={styles.card} aria-labelledby="users-title">
      <h2 id="users-title">Console users</h2>
      {users.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={users.error} />
      {users.data && users.data.users.length === 0 && <p>Nobody yet. Invite the engineers who run the integration.</p>}
      {users.data && users.data.users.length > 0 && (
        <ul>
          {users.data.users.map((user) => (
            <li key={user.id}>
              {user.email} <span className={styles.muted}>{user.joined ? "" : "(invited, not signed in yet)"}</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={styles.filters} aria-label="Invite a colleague">
        <div className={styles.field}>
          <label htmlFor={`invite-${partnerId}`}>Email address</label>
          <input id={`invite-${partnerId}`} name="email" type="email" required className={styles.input} autoComplete="off" />
        </div>
        <button type="submit" className={styles.button} disabled={invite.isPending}>
          {invite.isPending ? "Sending…" : "Send invitation"}
        </button>
      </form>
      {sent && <p role="status">Invitation sent to {sent}.</p>}
      <ErrorAlert error={invite.error} />
    </section>
  );
}
