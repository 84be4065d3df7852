"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronRight, History } from "lucide-react";
import { Fragment } from "react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import type { AuditView } from "@/lib/consoles/audit";
import { auditDetailLines } from "@/lib/consoles/audit-sentences";

/**
 * The audit log, newest first, a server page at a time, each entry a sentence made on the server
 * (lib/consoles/audit-sentences.ts). The recorded action name (`api_key.revoke`), what engineers
 * search the CLI's output for, and the detail open under the sentence.
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
        <ol className="divide-y divide-line" aria-label="Changes, newest first">
          {entries.map((entry) => {
            const lines = auditDetailLines(entry.detail);
            return (
              <li key={entry.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-4">
                <span className="shrink-0 text-sm text-muted tabular-nums sm:w-56 sm:whitespace-nowrap">
                  <LocalTime date={entry.at} />
                </span>
                <details className="group min-w-0 flex-1">
                  <summary className="cursor-pointer list-none rounded-sm text-sm text-ink marker:hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
                    <span className="flex items-start gap-1.5">
                      <ChevronRight
                        aria-hidden
                        className="mt-0.5 size-4 shrink-0 text-muted transition-transform group-open:rotate-90"
                      />
                      <span>{entry.sentence}</span>
                    </span>
                  </summary>
                  {/* The record as stored, for engineers: verbatim on purpose. */}
                  <dl data-verbatim className="mt-2 ml-5.5 grid gap-x-3 gap-y-0.5 text-xs text-muted sm:grid-cols-[auto_1fr]">
                    <dt>Recorded as</dt>
                    <dd>
                      <code className="font-mono text-ink-soft">{entry.action}</code> on {entry.objectType.replaceAll("_", " ")}{" "}
                      <code className="font-mono break-all">{entry.objectId}</code>
                    </dd>
                    <dt>By</dt>
                    <dd className="break-all">{entry.actor}</dd>
                    {lines.map((line) => {
                      const [key, ...rest] = line.split(": ");
                      return (
                        <Fragment key={line}>
                          <dt className="first-letter:uppercase">{key}</dt>
                          <dd className="break-all">{rest.join(": ")}</dd>
                        </Fragment>
                      );
                    })}
                  </dl>
                </details>
              </li>
            );
          })}
        </ol>
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
