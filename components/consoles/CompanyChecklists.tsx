"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Textarea } from "@/components/ui/Field";
import { useToast } from "@/components/ui/Toast";
import { checklistTypeLabel } from "@/lib/labels/console-labels";
import type { ChecklistType } from "@/lib/generated/prisma/enums";
import type { CompanyChecklistView } from "@/lib/consoles/workspace-detail";

const types = Object.keys(checklistTypeLabel) as ChecklistType[];

/** One line per item, notes after " | ": what staff type, turned into the API's item list. */
function parseLines(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [name, ...notes] = line.split(" | ");
      return notes.length > 0 ? { name: name!.trim(), notes: notes.join(" | ").trim() } : { name: name!.trim() };
    });
}

const asLines = (list?: CompanyChecklistView) =>
  (list?.items ?? []).map((item) => (item.notes ? `${item.name} | ${item.notes}` : item.name)).join("\n");

/** The company-wide checklists of a workspace, edited under the partner API's name rules. */
export function CompanyChecklists({
  partnerId,
  workspaceId,
  lists,
}: {
  partnerId: string;
  workspaceId: string;
  lists: CompanyChecklistView[];
}) {
  const router = useRouter();
  const toast = useToast();
  const path = (type: string) => `/api/console/partners/${partnerId}/workspaces/${workspaceId}/checklists/${type}`;
  const change = useMutation({
    mutationFn: (input: { type: ChecklistType; items?: ReturnType<typeof parseLines> }) =>
      callApi<{ items?: number; removed?: boolean }>(path(input.type), {
        method: input.items ? "PUT" : "DELETE",
        body: input.items ? { items: input.items } : undefined,
      }),
    onSuccess: (answer, input) => {
      const name = checklistTypeLabel[input.type].toLowerCase();
      toast({
        tone: "success",
        title: input.items ? `Saved the ${name} list: ${answer.items} items.` : `Removed the ${name} list.`,
      });
      router.refresh();
    },
  });

  function save(event: FormEvent<HTMLFormElement>, type: ChecklistType) {
    event.preventDefault();
    change.mutate({ type, items: parseLines(String(new FormData(event.currentTarget).get("items") ?? "")) });
  }

  return (
    <Card aria-labelledby="company-title">
      <CardHeader
        id="company-title"
        title="Company-wide checklists"
        description="They apply to every home of the workspace without a list of that type. One item per line; notes after “ | ”."
      />
      <div className="grid gap-5 lg:grid-cols-3">
        {types.map((type) => {
          const list = lists.find((candidate) => candidate.type === type);
          const label = checklistTypeLabel[type];
          return (
            <form
              key={type}
              onSubmit={(event) => save(event, type)}
              aria-label={`The ${label.toLowerCase()} list`}
              className="flex flex-col gap-2"
            >
              <div className="flex items-center justify-between gap-2">
                <label htmlFor={`company-${type}`} className="text-sm font-medium text-ink">
                  {label}
                  <span className="sr-only"> {list ? `(${list.items.length} items)` : "(none)"}</span>
                </label>
                <Badge tone={list ? "info" : "neutral"} aria-hidden>
                  {list ? `${list.items.length} ${list.items.length === 1 ? "item" : "items"}` : "None"}
                </Badge>
              </div>
              <Textarea
                id={`company-${type}`}
                name="items"
                rows={Math.max(4, (list?.items.length ?? 0) + 1)}
                defaultValue={asLines(list)}
                placeholder={"Kitchen wiped\nBeds made | Fresh linen on every bed"}
                className="font-mono text-xs"
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="secondary" size="sm" disabled={change.isPending} aria-label={`Save ${type}`}>
                  Save
                </Button>
                {list && (
                  <ConfirmDialog
                    title={`Remove the ${label.toLowerCase()} list?`}
                    description="Homes of this workspace without their own list of this type then have none."
                    confirmLabel="Remove list"
                    onConfirm={() => change.mutate({ type })}
                    trigger={
                      <Button variant="destructive" size="sm" disabled={change.isPending} aria-label={`Remove ${type}`}>
                        Remove
                      </Button>
                    }
                  />
                )}
              </div>
            </form>
          );
        })}
      </div>
      <div className="mt-4 empty:hidden">
        <ErrorAlert error={change.error} />
      </div>
    </Card>
  );
}
