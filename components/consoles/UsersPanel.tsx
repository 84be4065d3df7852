"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserMinus, Users } from "lucide-react";
import type { FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { TextLink } from "@/components/ui/TextLink";
import { useToast } from "@/components/ui/Toast";
import type { PartnerUserView as UserRow } from "@/lib/consoles/console-people";

/** Who has the partner's console; anyone in it may invite a colleague. */
export function UsersPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const path = `/api/console/partners/${partnerId}/users`;
  const users = useQuery({ queryKey: ["users", partnerId], queryFn: () => callApi<{ users: UserRow[] }>(path) });
  const invite = useMutation({
    mutationFn: (email: string) => callApi<UserRow>(path, { method: "POST", body: { email } }),
    onSuccess: (user) => {
      toast({ tone: "success", title: `Invitation sent to ${user.email}.`, description: "The link in it signs them in here." });
      void client.invalidateQueries({ queryKey: ["users", partnerId] });
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });

  const remove = useMutation({
    mutationFn: (user: UserRow) => callApi(`${path}/${user.id}`, { method: "DELETE" }),
    onSuccess: (_answer, user) => {
      toast({ tone: "success", title: `${user.email} removed`, description: "They can no longer open this console." });
      void client.invalidateQueries({ queryKey: ["users", partnerId] });
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    invite.mutate(String(new FormData(form).get("email") ?? ""), { onSuccess: () => form.reset() });
  }

  return (
    <Card aria-labelledby="users-title">
      <CardHeader
        id="users-title"
        title="Console users"
        description="Everyone here can manage keys, webhooks and invitations, and remove a colleague."
      />
      {users.isPending && <SkeletonRows rows={2} label="Loading console users" />}
      <ErrorAlert error={users.error} />
      {users.data && users.data.users.length === 0 && (
        <EmptyState
          icon={Users}
          title="Nobody yet"
          action={<TextLink href={`#invite-${partnerId}`}>Invite a colleague</TextLink>}
        >
          Invite the engineers who run the integration.
        </EmptyState>
      )}
      {users.data && users.data.users.length > 0 && (
        <ul className="divide-y divide-line rounded-md border border-line">
          {users.data.users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm">
              <span className="min-w-0 truncate font-medium text-ink">{user.email}</span>
              <span className="flex items-center gap-2">
                {user.joined ? <Badge tone="success">Signed in</Badge> : <Badge tone="info">Invited, not signed in yet</Badge>}
                <ConfirmDialog
                  title={`Remove ${user.email}?`}
                  description="They can no longer open this console; invite them again to give it back."
                  confirmLabel="Remove"
                  onConfirm={() => remove.mutate(user)}
                  trigger={
                    <Button variant="ghost" size="sm" aria-label={`Remove ${user.email}`} disabled={remove.isPending}>
                      <UserMinus aria-hidden />
                      Remove
                    </Button>
                  }
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Invite a colleague" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id={`invite-${partnerId}`} label="Email address" className="flex-1">
          <Input name="email" type="email" required autoComplete="off" placeholder="colleague@example.com" />
        </Field>
        <Button type="submit" variant="secondary" disabled={invite.isPending}>
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </form>
      <div className="mt-3 empty:hidden">
        <ErrorAlert error={invite.error ?? remove.error} />
      </div>
    </Card>
  );
}
