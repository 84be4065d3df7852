"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { callApi } from "@/components/ui/call-api";
import { Field, Input } from "@/components/ui/Field";
import type { WorkspacesAnswer } from "@/lib/consoles/integration-operations";

type WorkspaceRow = WorkspacesAnswer["workspaces"][number];

/** The workspace the text names: its ID exactly, or a name only one of the matches has. */
function named(rows: readonly WorkspaceRow[], text: string): WorkspaceRow | undefined {
  const wanted = text.trim();
  if (!wanted) return undefined;
  const byId = rows.find((row) => row.workspaceId === wanted);
  if (byId) return byId;
  const byName = rows.filter((row) => row.name.toLowerCase() === wanted.toLowerCase());
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * Narrows a list to one of the partner's workspaces, found by typing part of its name or ID: the
 * browser's own suggestion list offers the matches the server finds, so it serves a partner with
 * ten workspaces as well as one with ten thousand. Calls `onChange` with the workspace's internal
 * id once the text names one, and with "" (every workspace) otherwise. Re-mount it (a new `key`)
 * to clear it. Not shown while the partner has one workspace or none.
 */
export function WorkspaceFilter({
  partnerId,
  id,
  onChange,
  className,
}: {
  partnerId: string;
  id: string;
  onChange: (workspaceId: string) => void;
  className?: string;
}) {
  const [typed, setTyped] = useState("");
  const search = typed.trim();
  const matches = useQuery({
    queryKey: ["workspaces", partnerId, "search", search],
    queryFn: () =>
      callApi<WorkspacesAnswer>(`/api/console/partners/${partnerId}/workspaces?${new URLSearchParams(search ? { search } : {})}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows = matches.data?.workspaces ?? [];
  // Found in whichever matches are on screen: a suggestion picked from the list is among them.
  const chosen = named(rows, typed);
  const reported = useRef("");
  useEffect(() => {
    const next = chosen?.id ?? "";
    if (next === reported.current) return;
    reported.current = next;
    onChange(next);
  });
  const listId = `${id}-matches`;
  // One workspace (or none): nothing to choose between.
  if (!search && matches.isSuccess && !matches.isPlaceholderData && matches.data.total <= 1) return null;
  const hint = chosen
    ? `Showing ${chosen.name}`
    : search && matches.isSuccess && !matches.isPlaceholderData && rows.length === 0
      ? "No workspace has this name or ID"
      : search
        ? "Pick one from the list"
        : "Type a name or workspace ID";
  return (
    <>
      <Field id={id} label="Workspace" hint={hint} className={className}>
        <Input
          type="search"
          list={listId}
          autoComplete="off"
          placeholder="All workspaces"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </Field>
      <datalist id={listId}>
        {rows.map((row) => (
          <option key={row.id} value={row.workspaceId} label={row.name} />
        ))}
      </datalist>
    </>
  );
}
