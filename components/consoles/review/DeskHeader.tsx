"use client";

import { Badge } from "@/components/ui/Badge";
import { LocalTime } from "@/components/ui/LocalTime";
import { formatDuration } from "@/lib/format/dates";
import type { ReviewHeader } from "@/lib/review/show-review";

/** Whose walkthrough this is and how long it has waited, in place of an inspection id. */
export function DeskHeader({
  header,
  status,
  open,
  waiting,
  actions,
}: {
  open: boolean;
  header: ReviewHeader;
  status: { label: string; tone: "warning" | "success" | "danger" };
  waiting: string;
  actions: React.ReactNode;
}) {
  const waited = header.sealedAt ? (Date.now() - new Date(header.sealedAt).getTime()) / 1000 : undefined;
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 lg:flex-nowrap">
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{header.home}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span className="font-medium text-ink-soft">{header.partner}</span>
          <span aria-hidden>·</span>
          <span>{header.task}</span>
          <span aria-hidden>·</span>
          <span>
            Recorded <LocalTime date={header.recordedAt} />
          </span>
          {open && waited !== undefined && (
            <>
              <span aria-hidden>·</span>
              <span>Waiting {formatDuration(waited)}</span>
            </>
          )}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-ink-soft">{waiting}</span>
        </p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-2 lg:shrink-0">{actions}</div>
    </header>
  );
}
