"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { ConnectorRow } from "@/lib/consoles/connector-operations";

/** Staff switch the workspace's connectors on and off; `request_access` ones cannot be until they are built. */
export function ConnectorsPanel({ partnerId, workspaceId }: { partnerId: string; workspaceId: string }) {
  const client = useQueryClient();
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/connectors`;
  const [notice, setNotice] = useState<string>();
  const list = useQuery({ queryKey: ["connectors", workspaceId], queryFn: () => callApi<{ connectors: ConnectorRow[] }>(path) });
  const change = useMutation({
    mutationFn: (input: { platform: string; enabled: boolean }) => callApi(path, { method: "PUT", body: input }),
    onSuccess: async (_answer, input) => {
      setNotice(
        `${input.platform} ${input.enabled ? "enabled: its calls work for this workspace" : "disabled: its calls answer 403 connector_not_enabled"}.`,
      );
      await Promise.all(["connectors", "audit"].map((key) => client.invalidateQueries({ queryKey: [key] })));
    },
  });
  return (
    <section className={styles.card} aria-labelledby="connectors-title">
      <h2 id="connectors-title">Connectors</h2>
      {list.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={list.error} />
      {list.isSuccess && (
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Connector</th>
              <th scope="col">Catalogue</th>
              <th scope="col">For this workspace</th>
            </tr>
          </thead>
          <tbody>
            {list.data.connectors.map((connector) => (
              <tr key={connector.platform}>
                <td data-label="Connector">
                  {connector.name} <code>{connector.platform}</code>
                </td>
                <td data-label="Catalogue">{connector.status === "available" ? "available" : "request access"}</td>
                <td data-label="For this workspace">
                  {connector.enabledAt
                    ? `enabled since ${connector.enabledAt.slice(0, 10)} `
                    : connector.status === "available"
                      ? "off "
                      : "not built yet"}
                  {connector.status === "available" && (
                    <button
                      type="button"
                      className={styles.secondary}
                      disabled={change.isPending}
                      aria-label={`${connector.enabledAt ? "Disable" : "Enable"} ${connector.name}`}
                      onClick={() => {
                        setNotice(undefined);
                        change.mutate({ platform: connector.platform, enabled: !connector.enabledAt });
                      }}
                    >
                      {connector.enabledAt ? "Disable" : "Enable"}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {notice && <p role="status">{notice}</p>}
      <ErrorAlert error={change.error} />
    </section>
  );
}
