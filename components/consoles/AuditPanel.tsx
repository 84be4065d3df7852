"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import type { AuditView } from "@/lib/consoles/audit";

/** An entry's detail as `key: value` pairs (it is stored as JSON); nested values stay compact JSON. */
function details(detail: unknown): string[] {
  if (detail === null || typeof detail !== "object" || Array.isArray(detail)) return [JSON.stringify(detail)];
  return Object.entries(detail as Record<string, unknown>).map(
    ([key, value]) => `${key.replaceAll("_", " ")}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
}

/**
 * The audit log, newest first, a server page at a time. The action stays as recorded
 * (`api_key.revoke`): it is the name engineers search the log and the CLI's output for.
 */
export function AuditPanel({ partnerId, title = "Audit log" }: { partnerId?: string; title?: string }) {
  const path = partnerId ? `/api/console/partners/${partnerId}/audit` : "/api/console/audit";
  const log = useInfiniteQuery({
    queryKey: ["audit", partnerId ?? "all"],
    queryFn: ({ pageParam }) =>
      callApi<{ entries: AuditView[]; next?: string }>(pageParam ? `${path}?before=${pageParam}` : path),
    initialPageParam: "",
    getNextPageParam: (page) => page.next,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card aria-labelledby="audit-title">
      <CardHeader
        id="audit-title"
        title={title}
        description="Every change made in the consoles and the command line, newest first."
      />
      {log.isPending && <SkeletonRows rows={4} label="Loading the audit log" />}
      <ErrorAlert error={log.error} />
      {log.isSuccess && entries.length === 0 && (
        <EmptyState icon={History} title="No changes recorded yet">
          Creating a key, setting a webhook or inviting a colleague is recorded here.
        </EmptyState>
      )}
      {entries.length > 0 && (
        <Table>
          <THead>
            <tr>
              <Th>When</Th>
              <Th>Who</Th>
              <Th>What</Th>
              <Th>On</Th>
            </tr>
          </THead>
          <TBody>
            {entries.map((entry) => (
              <Tr key={entry.id}>
                <Td label="When" className="sm:whitespace-nowrap text-ink-soft">
                  <LocalTime date={entry.at} />
                </Td>
                <Td label="Who" className="max-w-56 truncate">
                  {entry.actor}
                </Td>
                <Td label="What">
                  <code className="font-mono text-sm text-ink">{entry.action}</code>
                </Td>
                <Td label="On">
                  <span className="flex flex-col">
                    <span className="text-ink-soft">
                      {entry.objectType.replaceAll("_", " ")}{" "}
                      <code className="font-mono text-xs text-muted">{entry.objectId.slice(0, 8)}</code>
                    </span>
                    {entry.detail !== undefined &&
                      details(entry.detail).map((line) => (
                        <span key={line} className="text-xs break-all text-muted">
                          {line}
                        </span>
                      ))}
                  </span>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {log.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? "Loading…" : "Show older"}
        </Button>
      )}
    </Card>
  );
}
