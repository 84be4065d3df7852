"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { WorkspacesAnswer } from "@/lib/consoles/integration-operations";
import { PageNav } from "./PageNav";

/** The partner's workspaces with the states its API reports, a server page at a time. */
export function WorkspacesPanel({ partnerId, linkToAdmin = false }: { partnerId: string; linkToAdmin?: boolean }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ["workspaces", partnerId, page],
    queryFn: () => callApi<WorkspacesAnswer>(`/api/console/partners/${partnerId}/workspaces?page=${page}`),
  });
  return (
    <section className={styles.card} aria-labelledby={`workspaces-${partnerId}`}>
      <h2 id={`workspaces-${partnerId}`}>Workspaces</h2>
      {list.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={list.error} />
      {list.isSuccess && list.data.workspaces.length === 0 && (
        <p>No workspaces yet: they appear when the integration provisions them.</p>
      )}
      {list.isSuccess && list.data.workspaces.length > 0 && (
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Workspace</th>
              <th scope="col">Roster</th>
              <th scope="col">Service</th>
              <th scope="col">Properties</th>
              <th scope="col">Claim</th>
            </tr>
          </thead>
          <tbody>
            {list.data.workspaces.map((workspace) => (
              <tr key={workspace.id}>
                <td data-label="Workspace">
                  {linkToAdmin ? (
                    <a href={`/admin/partners/${partnerId}/workspaces/${workspace.id}`}>{workspace.name}</a>
                  ) : (
                    workspace.name
                  )}{" "}
                  <div className={styles.muted}>{workspace.workspaceId}</div>
                </td>
                <td data-label="Roster">{workspace.roster}</td>
                <td data-label="Service">{workspace.service}</td>
                <td data-label="Properties">{workspace.properties}</td>
                <td data-label="Claim">{workspace.claim}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.isSuccess && <PageNav label="Workspace pages" page={page} pages={list.data.pages} onPage={setPage} />}
    </section>
  );
}
