"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { SeatRole } from "@/lib/generated/prisma/enums";
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
  const t = useTranslations("people.seats");
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
            title: t("invited"),
            description: t("invitedDetail", { email: seat.email }),
          });
          onInvited();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <Field id="invite-email" label={t("email")} error={invite.isError ? invite.error.message : undefined}>
          <Input name="email" type="email" autoComplete="off" placeholder={t("placeholder")} required />
        </Field>
        <Field id="invite-role" label={t("role")} hint={t(`roleHint.${role}`)}>
          <Select name="role" value={role} onChange={(event) => setRole(event.target.value as Choosable)}>
            {choosable.map((value) => (
              <option key={value} value={value}>
                {t(`roleName.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-6.5">
          <UserPlus aria-hidden />
          {invite.isPending ? t("sending") : t("send")}
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
  const t = useTranslations("people.seats");
  const toast = useToast();
  const who = seat.name ?? seat.email;
  const changeRole = useMutation({
    mutationFn: (role: Choosable) =>
      callApi<SeatView>(`/api/workspaces/${workspaceId}/seats/${seat.seatId}`, { method: "PATCH", body: { role } }),
    onSuccess: (changed) => {
      toast({
        tone: "success",
        title: t("roleChanged"),
        description: t("roleChangedDetail", { who, role: changed.role }),
      });
      onChanged();
    },
    onError: (error) => toast({ tone: "error", title: t("roleNotChanged", { who }), description: error.message }),
  });
  const remove = useMutation({
    mutationFn: () => callApi(`/api/workspaces/${workspaceId}/seats/${seat.seatId}`, { method: "DELETE" }),
    onSuccess: () => {
      toast({
        tone: "success",
        title: t("removed"),
        description: t("removedDetail", { email: seat.email }),
      });
      onRemoved();
    },
    onError: (error) => toast({ tone: "error", title: t("notRemoved", { email: seat.email }), description: error.message }),
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
              {t("notSignedIn")}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2 max-sm:w-full">
        {seat.role === "owner" ? (
          <Badge tone="neutral">{t("roleName.owner")}</Badge>
        ) : (
          <>
            <div className="w-36 max-sm:flex-1">
              <Select
                aria-label={t("roleOf", { email: seat.email })}
                value={changeRole.isPending ? changeRole.variables : seat.role}
                disabled={changeRole.isPending}
                onChange={(event) => changeRole.mutate(event.target.value as Choosable)}
              >
                {choosable.map((value) => (
                  <option key={value} value={value}>
                    {t(`roleName.${value}`)}
                  </option>
                ))}
              </Select>
            </div>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" disabled={remove.isPending} aria-label={t("removeWho", { email: seat.email })}>
                  {remove.isPending ? t("removing") : t("remove")}
                </Button>
              }
              title={t("removeTitle", { email: seat.email })}
              description={t("removeDetail")}
              confirmLabel={t("remove")}
              cancelLabel={t("keep")}
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
  const t = useTranslations("people.seats");
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
        <CardHeader id="invite-title" title={t("invite")} description={t("inviteHint")} />
        <InviteForm workspaceId={workspaceId} onInvited={refresh} />
      </Card>

      <Card aria-labelledby="seats-title" aria-busy={seats.isPending}>
        <div ref={heading} tabIndex={-1} className="focus:outline-none">
          <CardHeader
            id="seats-title"
            title={t("withAccess")}
            description={count === undefined ? undefined : t("withAccessHint", { count })}
          />
        </div>
        {seats.isPending && <SkeletonRows rows={3} label={t("loading")} />}
        {seats.isError && (
          <Notice
            tone="error"
            title={t("loadFailed")}
            action={
              <Button size="sm" variant="secondary" onClick={() => void seats.refetch()}>
                {t("retry")}
              </Button>
            }
          >
            {seats.error.message}
          </Notice>
        )}
        {seats.data &&
          (seats.data.seats.length === 0 ? (
            <EmptyState title={t("nobody")}>{t("nobodyHint")}</EmptyState>
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
