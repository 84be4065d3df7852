"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";

const trackSaved = {
  inspections: "Event track: the three inspection events.",
  reservations: "Event track: workspace.* and reservation.* events instead of the inspection events.",
};

/** Staff pause or resume a partner, set its roster cap and its event track. */
export function PartnerControls({
  partnerId,
  status,
  rosterMax,
  eventTrack,
}: {
  partnerId: string;
  status: "active" | "paused";
  rosterMax: number;
  eventTrack: "inspections" | "reservations";
}) {
  const router = useRouter();
  const client = useQueryClient();
  const [saved, setSaved] = useState<string>();
  const [track, setTrack] = useState(eventTrack);
  const change = useMutation({
    mutationFn: (body: { status?: string; rosterMax?: string; eventTrack?: "inspections" | "reservations" }) =>
      callApi(`/api/console/partners/${partnerId}`, { method: "PATCH", body }),
    onSuccess: (_answer, body) => {
      if (body.eventTrack) setSaved(trackSaved[body.eventTrack]);
      else
        setSaved(
          body.status
            ? body.status === "paused"
              ? "Paused: its keys answer 403 partner_disabled."
              : "Resumed: its keys work again."
            : "Roster cap saved.",
        );
      router.refresh();
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });

  function submitCap(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(undefined);
    change.mutate({ rosterMax: String(new FormData(event.currentTarget).get("rosterMax") ?? "") });
  }

  return (
    <section className={styles.card} aria-labelledby="controls-title">
      <h2 id="controls-title">Status and limits</h2>
      <p>
        Status: <strong>{status === "active" ? "Active" : "Paused"}</strong>
      </p>
      <div className={styles.actions} style={{ marginBottom: 16 }}>
        {status === "active" ? (
          <button
            type="button"
            className={styles.secondary}
            disabled={change.isPending}
            onClick={() =>
              window.confirm("Pause this partner? Every request with its keys is refused until it is resumed.") &&
              change.mutate({ status: "paused" })
            }
          >
            Pause partner
          </button>
        ) : (
          <button
            type="button"
            className={styles.button}
            disabled={change.isPending}
            onClick={() => change.mutate({ status: "active" })}
          >
            Resume partner
          </button>
        )}
      </div>
      <form onSubmit={submitCap} className={styles.filters} aria-label="Roster cap">
        <div className={styles.field}>
          <label htmlFor="roster-max">Largest roster per import</label>
          <input id="roster-max" name="rosterMax" inputMode="numeric" defaultValue={rosterMax} className={styles.input} />
        </div>
        <button type="submit" className={styles.secondary} disabled={change.isPending}>
          Save cap
        </button>
      </form>
      <div className={styles.field} style={{ marginTop: 16 }}>
        <label htmlFor="event-track">Events sent</label>
        <select
          id="event-track"
          className={styles.select}
          value={track}
          disabled={change.isPending}
          onChange={(event) => {
            const chosen = event.target.value as "inspections" | "reservations";
            setTrack(chosen);
            setSaved(undefined);
            change.mutate({ eventTrack: chosen });
          }}
        >
          <option value="inspections">Inspection events</option>
          <option value="reservations">Reservations track: workspace.* and reservation.*</option>
        </select>
      </div>
      {saved && <p role="status">{saved}</p>}
      <ErrorAlert error={change.error} />
    </section>
  );
}
