"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { SeatView } from "@/lib/people/manage-seats";
import { callApi } from "@/components/ui/call-api";
import styles from "@/components/shell/shell.module.css";
import { useHydrated } from "@/components/ui/use-hydrated";

const roleLabel = { owner: "Owner", manager: "Manager", viewer: "Viewer" } as const;

export function PeopleManager({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const key = ["seats", workspaceId];
  const seats = useQuery({
    queryKey: key,
    queryFn: () => callApi<{ seats: SeatView[] }>(`/api/workspaces/${workspaceId}/seats`),
  });
  const [invited, setInvited] = useState<string>();
  const invite = useMutation({
    mutationFn: (input: { email: string; role: string }) =>
      callApi<SeatView>(`/api/workspaces/${workspaceId}/seats`, { method: "POST", body: input }),
    onSuccess: (seat) => {
      setInvited(seat.email);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (seatId: string) => callApi(`/api/workspaces/${workspaceId}/seats/${seatId}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setInvited(undefined);
    invite.mutate(
      { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "manager") },
      { onSuccess: () => (event.target as HTMLFormElement).reset() },
    );
  }

  return (
    <>
      <section className={styles.card} aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <form onSubmit={submit} noValidate>
          <div className={styles.filters}>
            <div className={styles.field} style={{ flex: "1 1 240px" }}>
              <label htmlFor="invite-email">Email address</label>
              <input id="invite-email" name="email" type="email" autoComplete="off" required className={styles.input} />
            </div>
            <div className={styles.field}>
              <label htmlFor="invite-role">Role</label>
              <select id="invite-role" name="role" className={styles.select} defaultValue="manager">
                <option value="manager">Manager</option>
                <option value="viewer">Viewer</option>
              </select>
            </div>
            <button type="submit" className={styles.button} disabled={!hydrated || invite.isPending}>
              {invite.isPending ? "Inviting…" : "Send invitation"}
            </button>
          </div>
        </form>
        {invite.isError && (
          <p className={styles.error} role="alert">
            {invite.error.message}
          </p>
        )}
        {invited && (
          <p className={styles.notice} role="status">
            Invitation sent to {invited}.
          </p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="seats-title" aria-busy={seats.isPending}>
        <h2 id="seats-title">People with access</h2>
        {seats.isPending && <p role="status">Loading…</p>}
        {seats.isError && (
          <p className={styles.error} role="alert">
            {seats.error.message}{" "}
            <button type="button" className={styles.secondary} onClick={() => void seats.refetch()}>
              Try again
            </button>
          </p>
        )}
        {remove.isError && (
          <p className={styles.error} role="alert">
            {remove.error.message}
          </p>
        )}
        {seats.data && (
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className={styles.srOnly}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {seats.data.seats.map((seat) => (
                <tr key={seat.seatId}>
                  <td data-label="Person">
                    {seat.name ? `${seat.name} · ` : ""}
                    {seat.email}
                    {!seat.joined && <div className={styles.muted}>Invited, not signed in yet</div>}
                  </td>
                  <td data-label="Role">{roleLabel[seat.role]}</td>
                  <td>
                    {seat.role !== "owner" && (
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={remove.isPending && remove.variables === seat.seatId}
                        onClick={() => {
                          if (window.confirm(`Remove ${seat.email}? They lose access to this workspace's reports.`))
                            remove.mutate(seat.seatId);
                        }}
                        aria-label={`Remove ${seat.email}`}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
