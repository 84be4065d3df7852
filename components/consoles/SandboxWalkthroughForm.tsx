"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Play } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { sandboxOutcomeLabel } from "@/lib/labels/labels";

const outcomes = ["findings", "clean", "missed"] as const;

/**
 * "Run a sandbox walkthrough": a simulated walkthrough in one of the partner's sandbox workspaces,
 * whose events reach the partner's receiver as a real one's do (lib/sandbox).
 */
export function SandboxWalkthroughForm({
  partnerId,
  workspaces,
}: {
  partnerId: string;
  workspaces: { workspaceId: string; name: string }[];
}) {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: (body: { workspaceId: string; propertyId: string; outcome: string }) =>
      callApi<{ inspectionId: string; taskId: string }>(`/api/console/partners/${partnerId}/sandbox/walkthroughs`, {
        method: "POST",
        body,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["audit"] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    run.mutate({
      workspaceId: String(form.get("workspace")),
      propertyId: String(form.get("property")).trim(),
      outcome: String(form.get("outcome")),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Run a sandbox walkthrough" className="mt-6 border-t border-line pt-5">
      <h3 className="text-sm font-semibold text-ink">Run a sandbox walkthrough</h3>
      <p className="mt-1 text-sm text-muted">
        A simulated walkthrough with a recorded video: your receiver gets its events within about a minute.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Field id={`sandbox-workspace-${partnerId}`} label="Sandbox workspace">
          <Select name="workspace" required>
            {workspaces.map((workspace) => (
              <option key={workspace.workspaceId} value={workspace.workspaceId}>
                {workspace.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`sandbox-property-${partnerId}`} label="Home id" hint="As in the workspace's roster">
          <Input name="property" required autoComplete="off" />
        </Field>
        <Field id={`sandbox-outcome-${partnerId}`} label="Outcome">
          <Select name="outcome" defaultValue="findings">
            {outcomes.map((outcome) => (
              <option key={outcome} value={outcome}>
                {sandboxOutcomeLabel[outcome]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={run.isPending}>
          <Play aria-hidden />
          {run.isPending ? "Starting…" : "Run a sandbox walkthrough"}
        </Button>
        {run.isSuccess && (
          <span role="status" className="text-sm text-ink-soft">
            Started: task <code className="font-mono text-xs">{run.data.taskId}</code>
          </span>
        )}
      </div>
      <ErrorAlert error={run.error} />
    </form>
  );
}
