"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { InspectionsAnswer } from "@/lib/consoles/inspections-page";
import type { WorkspacesAnswer } from "@/lib/consoles/integration-operations";
import { PageNav } from "./PageNav";

const statusLabel: Record<string, string> = {
  recording: "Recording",
  processing: "Analysing",
  completed: "Report ready",
  failed: "Failed",
};

/** The newest inspections, a server page at a time; each opens its report (video, checklist, findings). */
export function InspectionsPanel({ partnerId }: { partnerId?: string }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState("");
  const [workspace, setWorkspace] = useState("");
  // A partner's workspaces to filter by (the first page of them; staff filter within a partner's page).
  const workspaces = useQuery({
    queryKey: ["workspaces", partnerId, 1],
    queryFn: () => callApi<WorkspacesAnswer>(`/api/console/partners/${partnerId}/workspaces?page=1`),
    enabled: partnerId !== undefined,
  });
  const base = partnerId ? `/api/console/partners/${partnerId}/inspections` : "/api/console/inspections";
  const list = useQuery({
    queryKey: ["inspections", partnerId ?? "all", page, status, workspace],
    queryFn: () =>
      callApi<InspectionsAnswer>(
        `${base}?page=${page}${status ? `&status=${status}` : ""}${workspace ? `&workspace=${workspace}` : ""}`,
      ),
  });
  return (
    <section className={styles.card} aria-labelledby={`inspections-${partnerId ?? "all"}`}>
      <h2 id={`inspections-${partnerId ?? "all"}`}>Inspections</h2>
      <div className={styles.filters}>
        {workspaces.data && workspaces.data.workspaces.length > 1 && (
          <div className={styles.field} style={{ maxWidth: 280 }}>
            <label htmlFor={`inspection-workspace-${partnerId}`}>Workspace</label>
            <select
              id={`inspection-workspace-${partnerId}`}
              className={styles.select}
              value={workspace}
              onChange={(event) => {
                setWorkspace(event.target.value);
                setPage(1);
              }}
            >
              <option value="">All</option>
              {workspaces.data.workspaces.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={styles.field} style={{ maxWidth: 240 }}>
          <label htmlFor={`inspection-status-${partnerId ?? "all"}`}>Status</label>
          <select
            id={`inspection-status-${partnerId ?? "all"}`}
            className={styles.select}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {Object.entries(statusLabel).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={list.error} />
      {list.isSuccess && list.data.inspections.length === 0 && <p>No inspections{status ? " with this status" : " yet"}.</p>}
      {list.isSuccess && list.data.inspections.length > 0 && (
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Opened</th>
              <th scope="col">Property</th>
              <th scope="col">Workspace</th>
              <th scope="col">Status</th>
              <th scope="col">Findings</th>
            </tr>
          </thead>
          <tbody>
            {list.data.inspections.map((inspection) => (
              <tr key={inspection.id}>
                <td data-label="Opened">{inspection.openedAt.slice(0, 16).replace("T", " ")}</td>
                <td data-label="Property">
                  <a href={`/reports/${inspection.id}`}>{inspection.property}</a>
                </td>
                <td data-label="Workspace">
                  {inspection.workspace}
                  {!partnerId && <div className={styles.muted}>{inspection.partner}</div>}
                </td>
                <td data-label="Status">{statusLabel[inspection.status] ?? inspection.status}</td>
                <td data-label="Findings">{inspection.findings ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.isSuccess && <PageNav label="Inspection pages" page={page} pages={list.data.pages} onPage={setPage} />}
    </section>
  );
}
