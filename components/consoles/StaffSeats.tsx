"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { SeatView } from "@/lib/people/manage-seats";

/** Staff give, change and take away seats of any role, an owner's included. */
export function StaffSeats({ partnerId, workspaceId, seats }: { partnerId: string; workspaceId: string; seats: SeatView[] }) {
  const router = useRouter();
  const [notice, setNotice] = useState<string>();
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/seats`;
  const change = useMutation({
    mutationFn: (input: { method: "POST" | "DELETE"; email: string; role?: string }) =>
      callApi<{ invited?: boolean; removed?: boolean }>(
        input.method === "DELETE" ? `${path}?email=${encodeURIComponent(input.email)}` : path,
        {
          method: input.method,
          body: input.method === "POST" ? { email: input.email, role: input.role } : undefined,
        },
      ),
    onSuccess: (answer, input) => {
      setNotice(
        input.method === "DELETE"
          ? `Removed ${input.email}.`
          : `${input.email} is ${input.role} now.${answer.invited ? " An invitation was mailed." : ""}`,
      );
      router.refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setNotice(undefined);
    change.mutate({ method: "POST", email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") });
  }

  return (
    <section className={styles.card} aria-labelledby="seats-title">
      <h2 id="seats-title">Seats</h2>
      {seats.length === 0 ? (
        <p>Nobody has a seat yet.</p>
      ) : (
        <ul>
          {seats.map((seat) => (
            <li key={seat.seatId}>
              {seat.email} · {seat.role}
              {seat.joined ? "" : " (not signed in yet)"}{" "}
              <button
                type="button"
                className={styles.secondary}
                aria-label={`Remove ${seat.email}`}
                disabled={change.isPending}
                onClick={() =>
                  window.confirm(`Take ${seat.email}'s seat away?`) && change.mutate({ method: "DELETE", email: seat.email })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={styles.filters} aria-label="Give or change a seat">
        <div className={styles.field}>
          <label htmlFor="seat-email">Email address</label>
          <input id="seat-email" name="email" type="email" required className={styles.input} />
        </div>
        <div className={styles.field}>
          <label htmlFor="seat-role">Role</label>
          <select id="seat-role" name="role" className={styles.select} defaultValue="manager">
            <option value="owner">Owner</option>
            <option value="manager">Manager</option>
            <option value="viewer">Viewer</option>
          </select>
        </div>
        <button type="submit" className={styles.button} disabled={change.isPending}>
          Save seat
        </button>
      </form>
      {notice && <p role="status">{notice}</p>}
      <ErrorAlert error={change.error} />
    </section>
  );
}
