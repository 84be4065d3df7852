"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field } from "@/components/ui/Field";
import { LocalTime } from "@/components/ui/LocalTime";
import { Pagination, stepTo } from "@/components/ui/Pagination";
import { Select } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { inspectionStatusLabel, sandboxLabel } from "@/lib/labels/labels";
import { inspectionStatusTone, listCountLabel } from "@/lib/labels/console-labels";
import type { InspectionStatus } from "@/lib/generated/prisma/enums";
import type { InspectionsAnswer } from "@/lib/consoles/inspections-page";
import { WorkspaceFilter } from "./WorkspaceFilter";

const statuses = Object.keys(inspectionStatusLabel) as InspectionStatus[];

/** The newest inspections, a server page at a time; each opens its report (video, checklist, findings). */
export function InspectionsPanel({ partnerId }: { partnerId?: string }) {
  const [cursor, setCursor] = useState("");
  const [status, setStatus] = useState("");
  const [workspace, setWorkspace] = useState("");
  // A new key clears the workspace box (it keeps what was typed).
  const [workspaceBox, setWorkspaceBox] = useState(0);
  const scope = partnerId ?? "all";
  const base = partnerId ? `/api/console/partners/${partnerId}/inspections` : "/api/console/inspections";
  const list = useQuery({
    queryKey: ["inspections", scope, cursor, status, workspace],
    queryFn: () => {
      const query = new URLSearchParams();
      if (cursor) query.set("cursor", cursor);
      if (status) query.set("status", status);
      if (workspace) query.set("workspace", workspace);
      return callApi<InspectionsAnswer>(`${base}?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const filtered = status !== "" || workspace !== "";
  const clear = () => {
    setStatus("");
    setWorkspace("");
    setWorkspaceBox((key) => key + 1);
    setCursor("");
  };
  return (
    <Card aria-labelledby={`inspections-${scope}`}>
      <CardHeader
        id={`inspections-${scope}`}
        title="Inspections"
        description={list.data ? `${listCountLabel(list.data)} ${filtered ? "found" : "in all"}, newest first.` : undefined}
        actions={
          <div className="flex flex-wrap items-start gap-2">
            {/* Staff find a workspace on a partner's page: across partners, names repeat. */}
            {partnerId && (
              <WorkspaceFilter
                key={workspaceBox}
                partnerId={partnerId}
                id={`inspection-workspace-${scope}`}
                className="w-56"
                onChange={(id) => {
                  setWorkspace(id);
                  setCursor("");
                }}
              />
            )}
            <Field id={`inspection-status-${scope}`} label="Status" className="w-40">
              <Select
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value);
                  setCursor("");
                }}
              >
                <option value="">All</option>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {inspectionStatusLabel[value]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        }
      />
      {list.isPending && <SkeletonRows rows={4} label="Loading inspections" />}
      <ErrorAlert error={list.error} />
      {list.isSuccess && list.data.inspections.length === 0 && (
        <EmptyState
          icon={ClipboardList}
          title={filtered ? "No inspections match" : "No inspections yet"}
          action={
            filtered ? (
              <Button variant="secondary" size="sm" onClick={clear}>
                Show all inspections
              </Button>
            ) : (
              <TextLink href="/docs">Read how recording links are made</TextLink>
            )
          }
        >
          {filtered
            ? "Nothing here matches the filters."
            : "They appear here once a cleaner records a walkthrough from one of the recording links."}
        </EmptyState>
      )}
      {list.isSuccess && list.data.inspections.length > 0 && (
        <Table>
          <THead>
            <tr>
              <Th>Home</Th>
              <Th>Workspace</Th>
              <Th>Status</Th>
              <Th className="text-right">Findings</Th>
              <Th>Opened</Th>
            </tr>
          </THead>
          <TBody>
            {list.data.inspections.map((inspection) => (
              <Tr key={inspection.id}>
                <Td label="Home">
                  <TextLink href={`/reports/${inspection.id}`}>{inspection.property}</TextLink>
                </Td>
                <Td label="Workspace">
                  <span className="flex flex-col">
                    <span className="text-ink">{inspection.workspace}</span>
                    {inspection.sandbox && (
                      <Badge tone="info" className="mt-1 self-start">
                        {sandboxLabel}
                      </Badge>
                    )}
                    {!partnerId && <span className="text-xs text-muted">{inspection.partner}</span>}
                  </span>
                </Td>
                <Td label="Status">
                  <Badge tone={inspectionStatusTone[inspection.status]}>{inspectionStatusLabel[inspection.status]}</Badge>
                </Td>
                <Td label="Findings" className="tabular-nums sm:text-right">
                  {inspection.findings === undefined ? (
                    <span className="text-muted">Not yet</span>
                  ) : inspection.findings === 0 ? (
                    <span className="text-muted">None</span>
                  ) : (
                    inspection.findings
                  )}
                </Td>
                <Td label="Opened" className="sm:whitespace-nowrap text-ink-soft">
                  <LocalTime date={inspection.openedAt} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {list.isSuccess && (
        <Pagination
          label="Inspection pages"
          order="time"
          previous={stepTo(list.data.previous, setCursor)}
          next={stepTo(list.data.next, setCursor)}
          summary={`Showing ${list.data.inspections.length} of ${listCountLabel(list.data)}`}
        />
      )}
    </Card>
  );
}
