"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { useToast } from "@/components/ui/Toast";

/** Staff point the workspace at the partner's roster feed, or take it back to push. */
export function FeedForm({ partnerId, workspaceId, url }: { partnerId: string; workspaceId: string; url?: string }) {
  const router = useRouter();
  const toast = useToast();
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/feed`;
  const change = useMutation({
    mutationFn: (body?: { url: string; secret: string }) => callApi(path, { method: body ? "PUT" : "DELETE", body }),
    onSuccess: (_answer, body) => {
      toast({
        tone: "success",
        title: body ? "Feed saved" : "Feed removed",
        description: body ? "It is polled once a day from now on." : "The roster is pushed by the partner again.",
      });
      router.refresh();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change.mutate({ url: String(form.get("url") ?? ""), secret: String(form.get("secret") ?? "") });
  }

  return (
    <form onSubmit={submit} aria-labelledby="feed-title" className="flex flex-col gap-3">
      <h3 id="feed-title" className="text-sm font-semibold text-ink">
        Roster feed
      </h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field id="feed-url" label="Feed URL">
          <Input name="url" type="url" required defaultValue={url} placeholder="https://partner.example.com/roster.json" />
        </Field>
        <Field id="feed-secret" label="Feed secret">
          <Input name="secret" type="password" required autoComplete="off" />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" size="sm" disabled={change.isPending}>
          Save feed
        </Button>
        {url && (
          <ConfirmDialog
            title="Remove the feed?"
            description="It is no longer polled: the partner must push the roster again."
            confirmLabel="Remove feed"
            onConfirm={() => change.mutate(undefined)}
            trigger={
              <Button variant="destructive" size="sm" disabled={change.isPending}>
                Remove feed
              </Button>
            }
          />
        )}
      </div>
      <ErrorAlert error={change.error} />
    </form>
  );
}
