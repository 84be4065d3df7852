"use client";

import { useMutation } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { TextLink } from "@/components/ui/TextLink";
import { useToast } from "@/components/ui/Toast";
import { seatRoleLabel } from "@/lib/labels/labels";
import type { SeatRole } from "@/lib/generated/prisma/enums";
import type { SeatView } from "@/lib/people/manage-seats";

const roles = Object.keys(seatRoleLabel) as SeatRole[];

/** Staff give, change and take away seats of any role, an owner's included. */
export function StaffSeats({ partnerId, workspaceId, seats }: { partnerId: string; workspaceId: string; seats: SeatView[] }) {
  const router = useRouter();
  const toast = useToast();
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/seats`;
  const change = useMutation({
    mutationFn: (input: { method: "POST" | "DELETE"; email: string; role?: SeatRole }) =>
      callApi<{ invited?: boolean; removed?: boolean }>(
        input.method === "DELETE" ? `${path}?email=${encodeURIComponent(input.email)}` : path,
        {
          method: input.method,
          body: input.method === "POST" ? { email: input.email, role: input.role } : undefined,
        },
      ),
    onSuccess: (answer, input) => {
      toast({
        tone: "success",
        title:
          input.method === "DELETE"
            ? `Removed ${input.email}.`
            : `${input.email} is ${seatRoleLabel[input.role!].toLowerCase()} now.`,
        description: answer.invited ? "An invitation was mailed." : undefined,
      });
      router.refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change.mutate({ method: "POST", email: String(form.get("email") ?? ""), role: String(form.get("role")) as SeatRole });
  }

  return (
    <Card aria-labelledby="seats-title">
      <CardHeader id="seats-title" title="Seats" description="Who reads this workspace's reports, and with which role." />
      {seats.length === 0 ? (
        <EmptyState
          icon={UserPlus}
          title="Nobody has a seat yet"
          action={<TextLink href="#seat-email">Give the first seat</TextLink>}
        >
          Give the owner a seat below; they get an invitation by mail.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line">
          {seats.map((seat) => (
            <li key={seat.seatId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="w-full min-w-0 truncate font-medium text-ink" title={seat.email}>
                {seat.email}
              </span>
              <Badge tone="info">{seatRoleLabel[seat.role]}</Badge>
              <span className="flex-1 text-xs text-muted">{seat.joined ? "" : "Not signed in yet"}</span>
              <ConfirmDialog
                title={`Take ${seat.email}'s seat away?`}
                description="They can no longer open this workspace's reports."
                confirmLabel="Remove seat"
                onConfirm={() => change.mutate({ method: "DELETE", email: seat.email })}
                trigger={
                  <Button variant="destructive" size="sm" aria-label={`Remove ${seat.email}`} disabled={change.isPending}>
                    Remove
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Give or change a seat" className="mt-4 flex flex-col gap-3">
        <Field id="seat-email" label="Email address">
          <Input name="email" type="email" required />
        </Field>
        <div className="flex items-end gap-2">
          <Field id="seat-role" label="Role" className="flex-1">
            <Select name="role" defaultValue="manager">
              {roles.map((role) => (
                <option key={role} value={role}>
                  {seatRoleLabel[role]}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={change.isPending}>
            Save seat
          </Button>
        </div>
      </form>
      <div className="mt-3 empty:hidden">
        <ErrorAlert error={change.error} />
      </div>
    </Card>
  );
}
