"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { Checkbox } from "@/components/ui/Checkbox";
import { ConfirmDialog, Dialog } from "@/components/ui/Dialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { LocalTime } from "@/components/ui/LocalTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { useToast } from "@/components/ui/Toast";
import { keyModeLabel, keyStatusLabel } from "@/lib/labels/labels";
import { keyStatusTone } from "@/lib/labels/console-labels";
import type { KeyRow } from "@/lib/consoles/partner-operations";
import { OnceSecret } from "./OnceSecret";

const scopes = [
  { value: "read:inspections", hint: "Inspections, their reports and findings" },
  { value: "read:workspaces", hint: "Workspaces, rosters and homes" },
  { value: "read:reservations", hint: "Reservations from connected calendars" },
];

const rotation = [
  "Create a second key while the old one still works.",
  "Deploy it everywhere the old key is used; the old key’s “last used” stops moving.",
  "Revoke the old key. At most two keys are active at a time.",
];

/** A partner's keys and the rotation flow of the spec's Authentication section, step by step. */
export function KeysPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const path = `/api/console/partners/${partnerId}/keys`;
  const keys = useQuery({ queryKey: ["keys", partnerId], queryFn: () => callApi<{ keys: KeyRow[] }>(path) });
  const [issued, setIssued] = useState<string>();
  const [renaming, setRenaming] = useState<KeyRow>();
  const create = useMutation({
    mutationFn: (input: { scopes: string[]; name: string; sandbox: boolean }) =>
      callApi<{ keyId: string; apiKey: string }>(path, { method: "POST", body: input }),
    onSuccess: (key) => {
      setIssued(key.apiKey);
      void client.invalidateQueries({ queryKey: ["keys", partnerId] });
      void client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: KeyRow) => callApi(`${path}/${key.keyId}`, { method: "DELETE" }),
    onSuccess: async (_answer, key) => {
      toast({ tone: "success", title: `Key ${key.hint} revoked`, description: "Requests with it are refused from now on." });
      await Promise.all([
        client.invalidateQueries({ queryKey: ["keys", partnerId] }),
        client.invalidateQueries({ queryKey: ["audit"] }),
      ]);
    },
  });

  const rename = useMutation({
    mutationFn: (input: { key: KeyRow; name: string }) =>
      callApi(`${path}/${input.key.keyId}`, { method: "PATCH", body: { name: input.name } }),
    onSuccess: async (_answer, input) => {
      setRenaming(undefined);
      toast({ tone: "success", title: `Key ${input.key.hint} is now “${input.name}”` });
      await Promise.all([
        client.invalidateQueries({ queryKey: ["keys", partnerId] }),
        client.invalidateQueries({ queryKey: ["audit"] }),
      ]);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    setIssued(undefined);
    create.mutate(
      { scopes: form.getAll("scope").map(String), name: String(form.get("name") ?? ""), sandbox },
      // The form's fields empty again; the sandbox choice is React's state and stays as it was.
      { onSuccess: () => element.reset() },
    );
  }

  function submitName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (renaming) rename.mutate({ key: renaming, name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }

  const [sandbox, setSandbox] = useState(false);
  // Live and sandbox keys have two places each.
  const active = keys.data?.keys.filter((key) => key.status === "active" && key.sandbox === sandbox) ?? [];
  return (
    <Card aria-labelledby="keys-title">
      <CardHeader id="keys-title" title="API keys" description="Your integration sends one in the Authorization header." />
      <ol className="mb-5 grid gap-2 sm:grid-cols-3">
        {rotation.map((step, index) => (
          <li key={step} className="flex gap-2.5 rounded-md bg-subtle p-3 text-sm text-ink-soft">
            <span className="grid size-5 shrink-0 place-items-center rounded-full bg-surface text-xs font-semibold text-ink shadow-card">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      {keys.isPending && <SkeletonRows rows={2} label="Loading keys" />}
      <ErrorAlert error={keys.error} />
      {keys.data && keys.data.keys.length === 0 && (
        <EmptyState icon={KeyRound} title="No keys yet">
          Create the first key below; it is shown once, when it is made.
        </EmptyState>
      )}
      {keys.data && keys.data.keys.length > 0 && (
        <Table>
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Key</Th>
              <Th>Scopes</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {keys.data.keys.map((key) => (
              <Tr key={key.keyId}>
                <Td label="Name">
                  <span className="flex items-center gap-1">
                    {key.name ? (
                      <span className="font-medium text-ink">{key.name}</span>
                    ) : (
                      <span className="text-muted">Unnamed</span>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2"
                      aria-label={`Rename key ${key.hint.replace(/…$/, "")}`}
                      onClick={() => {
                        rename.reset();
                        setRenaming(key);
                      }}
                    >
                      <Pencil aria-hidden />
                    </Button>
                  </span>
                </Td>
                <Td label="Key">
                  <span className="flex flex-wrap items-center gap-2">
                    <code data-verbatim className="font-mono text-sm text-ink">
                      {key.hint}
                    </code>
                    {key.sandbox && <Badge tone="info">{keyModeLabel(key.sandbox)}</Badge>}
                  </span>
                </Td>
                <Td label="Scopes">
                  <span className="flex flex-wrap gap-1">
                    {key.scopes.map((scope) => (
                      <code key={scope} className="rounded-sm bg-subtle px-1.5 py-0.5 font-mono text-xs text-ink-soft">
                        {scope}
                      </code>
                    ))}
                  </span>
                </Td>
                <Td label="Created" className="text-ink-soft">
                  <LocalTime date={key.createdAt} />
                </Td>
                <Td label="Last used" className="text-ink-soft">
                  {key.lastUsedAt ? <LocalTime date={key.lastUsedAt} /> : "Never"}
                </Td>
                <Td label="Status">
                  {key.status === "revoked" && key.revokedAt ? (
                    <span className="flex flex-col gap-0.5">
                      <Badge tone={keyStatusTone[key.status]} className="self-start">
                        {keyStatusLabel[key.status]}
                      </Badge>
                      <span className="text-xs text-muted">
                        <LocalTime date={key.revokedAt} />
                      </span>
                    </span>
                  ) : (
                    <Badge tone={keyStatusTone[key.status]}>{keyStatusLabel[key.status]}</Badge>
                  )}
                </Td>
                <Td className="text-right">
                  {key.status === "active" && (
                    <ConfirmDialog
                      title={`Revoke key ${key.hint}?`}
                      description="Requests with this key are refused from then on. This cannot be undone."
                      confirmLabel="Revoke key"
                      onConfirm={() => revoke.mutate(key)}
                      trigger={
                        <Button
                          variant="destructive"
                          size="sm"
                          disabled={revoke.isPending}
                          aria-label={`Revoke key ${key.hint.replace(/…$/, "")}`}
                        >
                          Revoke
                        </Button>
                      }
                    />
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <ErrorAlert error={revoke.error} />
      <Dialog
        open={renaming !== undefined}
        onOpenChange={(open) => !open && setRenaming(undefined)}
        title={`Name key ${renaming?.hint ?? ""}`}
        description="A name tells your keys apart in this list and in the audit log."
      >
        <form onSubmit={submitName} aria-label="Name the key" className="flex flex-col gap-4">
          <Field id={`rename-${partnerId}`} label="Name">
            <Input name="name" required maxLength={60} defaultValue={renaming?.name} autoComplete="off" />
          </Field>
          <ErrorAlert error={rename.error} />
          <div className="flex justify-end">
            <Button type="submit" disabled={rename.isPending}>
              Save name
            </Button>
          </div>
        </form>
      </Dialog>
      <form onSubmit={submit} aria-label="Create a key" className="mt-6 border-t border-line pt-5">
        <Field
          id={`key-name-${partnerId}`}
          label="Name of the new key"
          hint="Where it is used, such as Production or Staging."
          className="mb-4 sm:max-w-sm"
        >
          <Input name="name" required maxLength={60} autoComplete="off" placeholder="Production" />
        </Field>
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Scopes of the new key</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            {scopes.map((scope) => (
              <Checkbox
                key={scope.value}
                name="scope"
                value={scope.value}
                defaultChecked={scope.value === "read:inspections"}
                label={scope.value}
                hint={scope.hint}
              />
            ))}
          </div>
        </fieldset>
        <Checkbox
          className="mt-4"
          name="sandbox"
          checked={sandbox}
          onChange={(event) => setSandbox(event.currentTarget.checked)}
          label="Sandbox key"
          hint="Reaches only sandbox workspaces, where simulated walkthroughs run without a cleaner"
        />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={create.isPending || active.length >= 2}>
            <Plus aria-hidden />
            {create.isPending ? "Creating…" : sandbox ? "Create sandbox key" : "Create key"}
          </Button>
          {active.length >= 2 && (
            <span className="text-sm text-muted">Two {sandbox ? "sandbox" : "live"} keys are active: revoke one first.</span>
          )}
        </div>
      </form>
      <div className="mt-4 flex flex-col gap-3 empty:hidden">
        <ErrorAlert error={create.error} />
        {issued && <OnceSecret label="The new API key" value={issued} />}
      </div>
    </Card>
  );
}
