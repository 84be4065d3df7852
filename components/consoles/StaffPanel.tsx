"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { useToast } from "@/components/ui/Toast";
import type { StaffRow } from "@/lib/consoles/console-people";

/** Who runs /admin; staff add a colleague, who signs in with the usual email link. */
export function StaffPanel() {
  const client = useQueryClient();
  const toast = useToast();
  const staff = useQuery({
    queryKey: ["staff"],
    queryFn: () => callApi<{ staff: StaffRow[] }>("/api/console/staff"),
  });
  const add = useMutation({
    mutationFn: (email: string) =>
      callApi<{ email: string; added: boolean }>("/api/console/staff", { method: "POST", body: { email } }),
    onSuccess: (answer) => {
      toast({
        tone: "success",
        title: answer.added ? `${answer.email} is staff now` : `${answer.email} was staff already`,
        description: answer.added ? "They sign in to /admin with the usual email link." : undefined,
      });
      return Promise.all([client.invalidateQueries({ queryKey: ["staff"] }), client.invalidateQueries({ queryKey: ["audit"] })]);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(String(new FormData(form).get("email") ?? ""), { onSuccess: () => form.reset() });
  }

  return (
    <Card aria-labelledby="staff-title">
      <CardHeader
        id="staff-title"
        title="Staff"
        description={staff.data ? `${staff.data.staff.length} can open this console.` : "Who can open this console."}
      />
      {staff.isPending && <SkeletonRows rows={2} label="Loading staff" />}
      <ErrorAlert error={staff.error} />
      {staff.data && (
        <ul className="divide-y divide-line border-y border-line">
          {staff.data.staff.map((member) => (
            <li key={member.email} className="truncate py-2 text-sm text-ink">
              {member.email}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Add staff" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id="staff-email" label="Staff email address" className="flex-1">
          <Input name="email" type="email" required />
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Add staff
        </Button>
      </form>
      <div className="mt-3 empty:hidden">
        <ErrorAlert error={add.error} />
      </div>
    </Card>
  );
}
