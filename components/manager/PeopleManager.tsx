"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import type { SeatRole } from "@/lib/generated/prisma/enums";
import { seatRoleLabel } from "@/lib/labels/labels";
import { seatRoleHint } from "@/lib/labels/manager-labels";
import type { SeatsAnswer, SeatView } from "@/lib/people/manage-seats";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { Field, Input } from "@/components/ui/Field";
import { Notice } from "@/components/ui/Notice";
import { Select } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { useToast } from "@/components/ui/Toast";

type Choosable = Exclude<SeatRole, "owner">;
const choosable: Choosable[] = ["manager", "viewer"];

function Initial({ seat }: { seat: SeatView }) {
  return (
    <span
      aria-hidden
      className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent uppercase"
    >
      {(seat.name ?? seat.email).slice(0, 1)}
    </span>
  );
}

function InviteForm({ workspaceId, onInvited }: { workspaceId: string; onInvited: () => void }) {
  const toast = useToast();
  const [role, setRole] = useState<Choosable>("manager");
  const invite = useMutation({
    mutationFn: (input: { email: string; role: Choosable }) =>
      callApi<SeatView>(`/api/workspaces/${workspaceId}/seats`, { method: "POST", body: input }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    invite.mutate(
      { email, role },
      {
        onSuccess: (seat) => {
          form.reset();
          setRole("manager");
          toast({
            tone: "success",
            title: "Invitation sent",
            description: `${seat.email} gets an email with a link that signs them in.`,
          });
          onInvited();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <Field id="invite-email" label="Email address" error={invite.isError ? invite.error.message : undefined}>
          <Input name="email" type="email" autoComplete="off" placeholder="name@company.com" required />
        </Field>
        <Field id="invite-role" label="Role" hint={seatRoleHint[role]}>
          <Select name="role" value={role} onChange={(event) => setRole(event.target.value as Choosable)}>
            {choosable.map((value) => (
              <option key={value} value={value}>
                {seatRoleLabel[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-6.5">
          <UserPlus aria-hidden />
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </div>
    </form>
  );
}

function SeatRow({
  workspaceId,
  seat,
  onChanged,
  onRemoved,
}: {
  workspaceId: string;
  seat: SeatView;
  onChanged: () => void;
  onRemoved: () => void;
}) {
  const toast = useToast();
  const who = seat.name ?? seat.email;
  const changeRole = useMutation({
    mutationFn: (role: Choosable) =>
      callApi<SeatView>(`/api/workspaces/${workspaceId}/seats/${seat.seatId}`, { method: "PATCH", body: { role } }),
    onSuccess: (changed) => {
      toast({
        tone: "success",
        title: "Role changed",
        description: `${who} is now a ${seatRoleLabel[changed.role].toLowerCase()}.`,
      });
      onChanged();
    },
    onError: (error) => toast({ tone: "error", title: `${who}'s role was not changed.`, description: error.message }),
  });
  const remove = useMutation({
    mutationFn: () => callApi(`/api/workspaces/${workspaceId}/seats/${seat.seatId}`, { method: "DELETE" }),
    onSuccess: () => {
      toast({
        tone: "success",
        title: "Removed",
        description: `${seat.email} can no longer read this workspace's reports.`,
      });
      onRemoved();
    },
    onError: (error) => toast({ tone: "error", title: `${seat.email} was not removed.`, description: error.message }),
  });

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        <Initial seat={seat} />
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{who}</p>
          {seat.name && <p className="truncate text-sm text-muted">{seat.email}</p>}
          {!seat.joined && (
            <Badge tone="info" className="mt-1">
              Invited, not signed in yet
            </Badge>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2 max-sm:w-full">
        {seat.role === "owner" ? (
          <Badge tone="neutral">Owner</Badge>
        ) : (
          <>
            <div className="w-36 max-sm:flex-1">
              <Select
                aria-label={`Role of ${seat.email}`}
                value={changeRole.isPending ? changeRole.variables : seat.role}
                disabled={changeRole.isPending}
                onChange={(event) => changeRole.mutate(event.target.value as Choosable)}
              >
                {choosable.map((value) => (
                  <option key={value} value={value}>
                    {seatRoleLabel[value]}
                  </option>
                ))}
              </Select>
            </div>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" disabled={remove.isPending} aria-label={`Remove ${seat.email}`}>
                  {remove.isPending ? "Removing…" : "Remove"}
                </Button>
              }
              title={`Remove ${seat.email}?`}
              description="They lose access to this workspace's reports at once. You can invite them again later."
              confirmLabel="Remove"
              cancelLabel="Keep"
              onConfirm={() => remove.mutate()}
            />
          </>
        )}
      </div>
    </li>
  );
}

/** The owner's page: invite someone, change a role, remove someone (after a confirmation). */
export function PeopleManager({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const key = ["seats", workspaceId];
  const heading = useRef<HTMLHeadingElement>(null);
  const seats = useQuery({
    queryKey: key,
    queryFn: () => callApi<SeatsAnswer>(`/api/workspaces/${workspaceId}/seats`),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const count = seats.data?.seats.length;

  return (
    <>
      <Card aria-labelledby="invite-title">
        <CardHeader
          id="invite-title"
          title="Invite someone"
          description="They get an email with a link that signs them in; no password."
        />
        <InviteForm workspaceId={workspaceId} onInvited={refresh} />
      </Card>

      <Card aria-labelledby="seats-title" aria-busy={seats.isPending}>
        <div ref={heading} tabIndex={-1} className="focus:outline-none">
          <CardHeader
            id="seats-title"
            title="People with access"
            description={
              count === undefined
                ? undefined
                : `${count} ${count === 1 ? "person" : "people"}. Managers set homes up and read every report; viewers only read.`
            }
          />
        </div>
        {seats.isPending && <SkeletonRows rows={3} label="Loading the people" />}
        {seats.isError && (
          <Notice
            tone="error"
            title="The people could not be loaded."
            action={
              <Button size="sm" variant="secondary" onClick={() => void seats.refetch()}>
                Try again
              </Button>
            }
          >
            {seats.error.message}
          </Notice>
        )}
        {seats.data &&
          (seats.data.seats.length === 0 ? (
            <EmptyState title="Nobody yet">Invite the people who should read this workspace&apos;s reports.</EmptyState>
          ) : (
            <ul className="divide-y divide-line">
              {seats.data.seats.map((seat) => (
                <SeatRow
                  key={seat.seatId}
                  workspaceId={workspaceId}
                  seat={seat}
                  onChanged={refresh}
                  onRemoved={() => {
                    // The row and its button go: the focus moves to the list's heading, not to the page's top.
                    heading.current?.focus();
                    refresh();
                  }}
                />
              ))}
            </ul>
          ))}
      </Card>
    </>
  );
}
