"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { StaffRow } from "@/lib/consoles/console-people";

/** Who runs /admin; staff add a colleague, who signs in with the usual email link. */
export function StaffPanel() {
  const client = useQueryClient();
  const staff = useQuery({
    queryKey: ["staff"],
    queryFn: () => callApi<{ staff: StaffRow[] }>("/api/console/staff"),
  });
  const add = useMutation({
    mutationFn: (email: string) =>
      callApi<{ email: string; added: boolean }>("/api/console/staff", { method: "POST", body: { email } }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ["staff"] }), client.invalidateQueries({ queryKey: ["audit"] })]),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(String(new FormData(form).get("email") ?? ""), { onSuccess: () => form.reset() });
  }

  return (
    <section className={styles.card} aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      {staff.isPending && <p role="status">Loading…</p>}
      {staff.data && (
        <ul>
          {staff.data.staff.map((member) => (
            <li key={member.email}>{member.email}</li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={styles.filters} aria-label="Add staff">
        <div className={styles.field}>
          <label htmlFor="staff-email">Staff email address</label>
          <input id="staff-email" name="email" type="email" required className={styles.input} />
        </div>
        <button type="submit" className={styles.secondary} disabled={add.isPending}>
          Add staff
        </button>
      </form>
      {add.data && (
        <p role="status">
          {add.data.added ? `${add.data.email} may sign in to /admin now.` : `${add.data.email} was staff already.`}
        </p>
      )}
      <ErrorAlert error={add.error} />
    </section>
  );
}
