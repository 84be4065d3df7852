"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { Pagination, stepTo } from "@/components/ui/Pagination";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { claimStateLabel, sandboxLabel, serviceStateLabel } from "@/lib/labels/labels";
import {
  claimStateTone,
  labelOf,
  listCountLabel,
  rosterStateLabel,
  rosterStateTone,
  serviceStateTone,
  toneOf,
} from "@/lib/labels/console-labels";
import type { WorkspacesAnswer } from "@/lib/consoles/integration-operations";
import { SandboxWalkthroughForm } from "./SandboxWalkthroughForm";

/**
 * The partner's workspaces with the states its API reports, a server page at a time. On staff's
 * page of the partner (`linkToAdmin`) each opens its admin page and the words speak of the partner.
 */
export function WorkspacesPanel({ partnerId, linkToAdmin = false }: { partnerId: string; linkToAdmin?: boolean }) {
  const [cursor, setCursor] = useState("");
  const [search, setSearch] = useState("");
  const searching = search.trim();
  const list = useQuery({
    queryKey: ["workspaces", partnerId, cursor, searching],
    queryFn: () =>
      callApi<WorkspacesAnswer>(
        `/api/console/partners/${partnerId}/workspaces?${new URLSearchParams({ ...(cursor ? { cursor } : {}), ...(searching ? { search: searching } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const titleId = `workspaces-${partnerId}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Workspaces"
        description={
          list.data
            ? `${listCountLabel(list.data)} ${searching ? "found" : "in all"}, as ${linkToAdmin ? "the partner's" : "your"} API calls read them.`
            : undefined
        }
        actions={
          <Field id={`${titleId}-find`} label="Find a workspace" className="w-56">
            <Input
              type="search"
              placeholder="Name or workspace ID"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setCursor("");
              }}
            />
          </Field>
        }
      />
      {list.isPending && <SkeletonRows rows={3} label="Loading workspaces" />}
      <ErrorAlert error={list.error} />
      {list.isSuccess && list.data.workspaces.length === 0 && searching && (
        <EmptyState icon={Building2} title="No workspace has this name or ID">
          A workspace is found by part of its name or the start of its ID.
        </EmptyState>
      )}
      {list.isSuccess && list.data.workspaces.length === 0 && !searching && (
        <EmptyState icon={Building2} title="No workspaces yet" action={<TextLink href="/docs">Read the API reference</TextLink>}>
          They appear here when {linkToAdmin ? "the partner's" : "your"} integration provisions them with{" "}
          <code>PUT /v1/workspaces/&#123;id&#125;</code>.
        </EmptyState>
      )}
      {list.isSuccess && list.data.workspaces.length > 0 && (
        <Table>
          <THead>
            <tr>
              <Th>Workspace</Th>
              <Th>Roster</Th>
              <Th>Service</Th>
              <Th className="text-right">Homes</Th>
              <Th>Owner</Th>
            </tr>
          </THead>
          <TBody>
            {list.data.workspaces.map((workspace) => (
              <Tr key={workspace.id}>
                <Td label="Workspace">
                  <span className="flex flex-col">
                    {linkToAdmin ? (
                      <TextLink href={`/admin/partners/${partnerId}/workspaces/${workspace.id}`}>{workspace.name}</TextLink>
                    ) : (
                      <span className="font-medium text-ink">{workspace.name}</span>
                    )}
                    <code className="font-mono text-xs text-muted">{workspace.workspaceId}</code>
                    {workspace.sandbox && (
                      <Badge tone="info" className="mt-1 self-start">
                        {sandboxLabel}
                      </Badge>
                    )}
                  </span>
                </Td>
                <Td label="Roster">
                  <Badge tone={toneOf(rosterStateTone, workspace.roster)}>{labelOf(rosterStateLabel, workspace.roster)}</Badge>
                </Td>
                <Td label="Service">
                  <Badge tone={toneOf(serviceStateTone, workspace.service)}>
                    {labelOf(serviceStateLabel, workspace.service)}
                  </Badge>
                </Td>
                <Td label="Homes" className="tabular-nums sm:text-right">
                  {workspace.properties}
                </Td>
                <Td label="Owner">
                  <Badge tone={toneOf(claimStateTone, workspace.claim)}>{labelOf(claimStateLabel, workspace.claim)}</Badge>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {list.isSuccess && (
        <Pagination
          label="Workspace pages"
          previous={stepTo(list.data.previous, setCursor)}
          next={stepTo(list.data.next, setCursor)}
          summary={`Showing ${list.data.workspaces.length} of ${listCountLabel(list.data)}, by name`}
        />
      )}
      {list.isSuccess && list.data.workspaces.some((workspace) => workspace.sandbox) && (
        <SandboxWalkthroughForm
          partnerId={partnerId}
          workspaces={list.data.workspaces.filter((workspace) => workspace.sandbox)}
        />
      )}
    </Card>
  );
}
