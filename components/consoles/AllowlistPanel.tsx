"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import type { FormEvent } from "react";
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

/** Where a recording link's `return_url` may send the cleaner back to. */
export function AllowlistPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const path = `/api/console/partners/${partnerId}/allowlist`;
  const list = useQuery({ queryKey: ["allowlist", partnerId], queryFn: () => callApi<{ entries: string[] }>(path) });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["allowlist", partnerId] }),
      client.invalidateQueries({ queryKey: ["audit"] }),
    ]);
  const add = useMutation({
    mutationFn: (entry: string) => callApi(path, { method: "POST", body: { entry } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (entry: string) => callApi(`${path}?entry=${encodeURIComponent(entry)}`, { method: "DELETE" }),
    onSuccess: async (_answer, entry) => {
      toast({ tone: "success", title: `${entry} removed from the allowlist` });
      await refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    remove.reset();
    add.mutate(String(new FormData(form).get("entry") ?? ""), { onSuccess: () => form.reset() });
  }

  const titleId = `allowlist-${partnerId}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Return URL allowlist"
        description="Where the recording app may send the cleaner back to: an app scheme (myapp://) or a web origin (https://app.example.com). Any other return address is refused."
      />
      {list.isPending && <SkeletonRows rows={2} label="Loading the allowlist" />}
      <ErrorAlert error={list.error} />
      {list.isSuccess && list.data.entries.length === 0 && (
        <EmptyState
          icon={Link2}
          title="Nothing allowed yet"
          action={<TextLink href={`#entry-${partnerId}`}>Add a scheme or origin</TextLink>}
        >
          Every return address is refused until you add your app&apos;s scheme or origin below.
        </EmptyState>
      )}
      {list.isSuccess && list.data.entries.length > 0 && (
        <ul className="divide-y divide-line rounded-md border border-line">
          {list.data.entries.map((entry) => (
            <li key={entry} className="flex items-center justify-between gap-3 px-3 py-2">
              <code className="min-w-0 font-mono text-sm break-all text-ink">{entry}</code>
              <ConfirmDialog
                title={`Remove ${entry}?`}
                description="Recording links that return there are refused from then on."
                confirmLabel="Remove"
                onConfirm={() => remove.mutate(entry)}
                trigger={
                  <Button variant="destructive" size="sm" aria-label={`Remove ${entry}`} disabled={remove.isPending}>
                    Remove
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Add to the allowlist" className="mt-4 flex items-end gap-2">
        <Field id={`entry-${partnerId}`} label="Scheme or origin" className="flex-1">
          <Input name="entry" required placeholder="https://app.example.com" />
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Add
        </Button>
      </form>
      <div className="mt-3 empty:hidden">
        <ErrorAlert error={add.error ?? remove.error} />
      </div>
    </Card>
  );
}
