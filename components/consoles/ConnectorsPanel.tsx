"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { Notice } from "@/components/ui/Notice";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { connectorCatalogueLabel, labelOf } from "@/lib/labels/console-labels";
import type { ConnectorRow } from "@/lib/consoles/connector-operations";

/** Staff switch the workspace's connectors on and off; `request_access` ones cannot be until they are built. */
export function ConnectorsPanel({ partnerId, workspaceId }: { partnerId: string; workspaceId: string }) {
  const client = useQueryClient();
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/connectors`;
  const [notice, setNotice] = useState<string>();
  const list = useQuery({ queryKey: ["connectors", workspaceId], queryFn: () => callApi<{ connectors: ConnectorRow[] }>(path) });
  const change = useMutation({
    mutationFn: (input: { connector: ConnectorRow; enabled: boolean }) =>
      callApi(path, { method: "PUT", body: { platform: input.connector.platform, enabled: input.enabled } }),
    onSuccess: async (_answer, input) => {
      setNotice(
        input.enabled
          ? `${input.connector.name} enabled: its calls work for this workspace.`
          : `${input.connector.name} disabled: its calls answer 403 connector_not_enabled.`,
      );
      await Promise.all(["connectors", "audit"].map((key) => client.invalidateQueries({ queryKey: [key] })));
    },
  });
  const switchTo = (connector: ConnectorRow, enabled: boolean) => {
    setNotice(undefined);
    change.mutate({ connector, enabled });
  };
  return (
    <Card aria-labelledby="connectors-title">
      <CardHeader id="connectors-title" title="Connectors" description="Platforms whose calls this workspace may make." />
      {list.isPending && <SkeletonRows rows={2} label="Loading connectors" />}
      <ErrorAlert error={list.error} />
      {list.isSuccess && (
        <Table>
          <THead>
            <tr>
              <Th>Connector</Th>
              <Th>Catalogue</Th>
              <Th>For this workspace</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {list.data.connectors.map((connector) => (
              <Tr key={connector.platform}>
                <Td label="Connector">
                  <span className="flex flex-col">
                    <span className="font-medium text-ink">{connector.name}</span>
                    <code className="font-mono text-xs text-muted">{connector.platform}</code>
                  </span>
                </Td>
                <Td label="Catalogue">{labelOf(connectorCatalogueLabel, connector.status)}</Td>
                <Td label="For this workspace">
                  {connector.enabledAt ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge tone="success">On</Badge>
                      <span className="text-xs text-muted">
                        since <LocalTime date={connector.enabledAt} mode="day" />
                      </span>
                    </span>
                  ) : connector.status === "available" ? (
                    <Badge tone="neutral">Off</Badge>
                  ) : (
                    <span className="text-muted">Not built yet</span>
                  )}
                </Td>
                <Td className="sm:text-right">
                  {connector.status === "available" &&
                    (connector.enabledAt ? (
                      <ConfirmDialog
                        title={`Disable ${connector.name}?`}
                        description="Its calls for this workspace answer 403 connector_not_enabled until it is enabled again."
                        confirmLabel="Disable"
                        onConfirm={() => switchTo(connector, false)}
                        trigger={
                          <Button
                            variant="destructive"
                            size="sm"
                            disabled={change.isPending}
                            aria-label={`Disable ${connector.name}`}
                          >
                            Disable
                          </Button>
                        }
                      />
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={change.isPending}
                        aria-label={`Enable ${connector.name}`}
                        onClick={() => switchTo(connector, true)}
                      >
                        Enable
                      </Button>
                    ))}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <div className="mt-3 flex flex-col gap-3 empty:hidden">
        {notice && (
          <Notice tone="success" live>
            {notice}
          </Notice>
        )}
        <ErrorAlert error={change.error} />
      </div>
    </Card>
  );
}
