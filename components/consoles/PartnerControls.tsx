"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pause, Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { Form } from "@/components/ui/Form";
import { Select } from "@/components/ui/Select";
import { useToast } from "@/components/ui/Toast";
import { partnerStatusLabel } from "@/lib/labels/labels";
import { partnerStatusTone } from "@/lib/labels/console-labels";

type Track = "inspections" | "reservations";

const trackSaved: Record<Track, string> = {
  inspections: "It receives the three inspection events.",
  reservations: "It receives workspace.* and reservation.* events instead of the inspection events.",
};

/** One PATCH of the partner, its toast, and the page and audit log refreshed after. */
function usePartnerChange(partnerId: string) {
  const router = useRouter();
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: { status?: string; rosterMax?: string; recordingRetentionDays?: string; eventTrack?: Track }) =>
      callApi(`/api/console/partners/${partnerId}`, { method: "PATCH", body }),
    onSuccess: (_answer, body) => {
      if (body.eventTrack) toast({ tone: "success", title: "Event track saved", description: trackSaved[body.eventTrack] });
      else if (body.status === "paused")
        toast({
          tone: "success",
          title: "Partner paused",
          description: "Its keys answer 403 partner_disabled until it is resumed.",
        });
      else if (body.status === "active")
        toast({ tone: "success", title: "Partner resumed", description: "Its keys work again." });
      else if (body.recordingRetentionDays !== undefined)
        toast({
          tone: "success",
          title: "Media retention saved",
          description: "The next daily sweep deletes videos and pictures by it.",
        });
      else toast({ tone: "success", title: "Roster cap saved" });
      router.refresh();
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

/**
 * Staff pause or resume a partner and set its roster cap and media retention. Pausing is the destructive one: red,
 * apart from the cap's form, and only through a dialog naming the partner and what stops.
 */
export function PartnerControls({
  partnerId,
  partnerName,
  status,
  rosterMax,
  recordingRetentionDays,
  defaultRetentionDays,
}: {
  partnerId: string;
  partnerName: string;
  status: "active" | "paused";
  rosterMax: number;
  /** Null: the service's default, `defaultRetentionDays`. */
  recordingRetentionDays: number | null;
  defaultRetentionDays: number;
}) {
  const change = usePartnerChange(partnerId);

  function submitCap(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate({ rosterMax: String(new FormData(event.currentTarget).get("rosterMax") ?? "") });
  }

  function submitRetention(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate({ recordingRetentionDays: String(new FormData(event.currentTarget).get("retentionDays") ?? "") });
  }

  return (
    <Card aria-labelledby="controls-title">
      <CardHeader
        id="controls-title"
        title="Status and limits"
        actions={<Badge tone={partnerStatusTone[status]}>{partnerStatusLabel[status]}</Badge>}
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-ink">API access</p>
          <p className="text-sm text-muted">
            {status === "active"
              ? "Its keys work. Pausing refuses every request with them until it is resumed."
              : "Paused: every request with its keys is refused."}
          </p>
          <div>
            {status === "active" ? (
              <ConfirmDialog
                title={`Pause ${partnerName}?`}
                description={`Every request with ${partnerName}'s keys is refused (403 partner_disabled) until staff resume it. Its walkthroughs, keys and settings are kept.`}
                confirmLabel="Pause partner"
                onConfirm={() => change.mutate({ status: "paused" })}
                trigger={
                  <Button variant="destructive" size="sm" disabled={change.isPending}>
                    <Pause aria-hidden />
                    Pause partner
                  </Button>
                }
              />
            ) : (
              <Button size="sm" disabled={change.isPending} onClick={() => change.mutate({ status: "active" })}>
                <Play aria-hidden />
                Resume partner
              </Button>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-5">
          <Form onSubmit={submitCap} aria-label="Roster cap">
            <Field
              id="roster-max"
              label="Largest roster per import"
              action={
                <Button type="submit" variant="secondary" disabled={change.isPending} className="min-w-36">
                  Save cap
                </Button>
              }
            >
              <Input name="rosterMax" inputMode="numeric" defaultValue={rosterMax} />
            </Field>
          </Form>
          <Form onSubmit={submitRetention} aria-label="Media retention">
            <Field
              id="retention-days"
              label="Keep videos and pictures for (days)"
              hint={`Counted from the seal. Empty: the default, ${defaultRetentionDays} days. Findings, signed records and reports are kept.`}
              action={
                <Button type="submit" variant="secondary" disabled={change.isPending} className="min-w-36">
                  Save retention
                </Button>
              }
            >
              <Input
                name="retentionDays"
                inputMode="numeric"
                placeholder={String(defaultRetentionDays)}
                defaultValue={recordingRetentionDays ?? ""}
              />
            </Field>
          </Form>
        </div>
      </div>
      <div className="mt-4 empty:hidden">
        <ErrorAlert error={change.error} />
      </div>
    </Card>
  );
}

/** Which events the partner's webhook receives: the reservations track goes with the connectors. */
export function EventTrackControl({ partnerId, eventTrack }: { partnerId: string; eventTrack: Track }) {
  const change = usePartnerChange(partnerId);
  const [track, setTrack] = useState(eventTrack);
  return (
    <Card aria-labelledby="track-title">
      <CardHeader
        id="track-title"
        title="Event track"
        description="Partners that run reservations through a connector take the workspace and reservation events instead of the inspection events."
      />
      <div className="max-w-sm">
        <Field id="event-track" label="Events sent">
          <Select
            value={track}
            disabled={change.isPending}
            onChange={(event) => {
              const chosen = event.target.value as Track;
              setTrack(chosen);
              change.mutate({ eventTrack: chosen });
            }}
          >
            <option value="inspections">Inspection events</option>
            <option value="reservations">Workspace and reservation events</option>
          </Select>
        </Field>
      </div>
      <div className="mt-4 empty:hidden">
        <ErrorAlert error={change.error} />
      </div>
    </Card>
  );
}
