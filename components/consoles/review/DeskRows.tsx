"use client";

import { forwardRef, type ReactNode } from "react";
import { Badge, SeverityBadge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { formatVideoTime } from "@/lib/format/dates";
import { categoryLabel } from "@/lib/labels/labels";
import { findingSourceLabel, labelOf, reviewVerdictLabel, reviewVerdictTone, toneOf } from "@/lib/labels/console-labels";
import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import type { ReviewFinding, ReviewItem } from "@/lib/review/show-review";

/** A row the keyboard moves through: one tab stop for the list (roving), the focus ring says which. */
const Row = forwardRef<
  HTMLElement,
  { label: string; focused: boolean; waiting: boolean; onFocus: () => void; onClick: () => void; children: ReactNode }
>(function Row({ label, focused, waiting, onFocus, onClick, children }, ref) {
  return (
    <article
      ref={ref}
      tabIndex={focused ? 0 : -1}
      aria-label={label}
      aria-current={focused ? "true" : undefined}
      onFocus={onFocus}
      onClick={onClick}
      className={cn(
        "flex scroll-my-24 gap-3 rounded-md border px-3 py-2 outline-none",
        waiting ? "border-warning-line bg-warning-soft/30" : "border-line bg-surface",
        focused && "ring-2 ring-focus",
      )}
    >
      {children}
    </article>
  );
});

const Time = ({ seconds }: { seconds?: number }) =>
  seconds === undefined ? null : <span className="text-xs text-muted tabular-nums">{formatVideoTime(seconds)}</span>;

export const ItemRow = forwardRef<
  HTMLElement,
  { item: ReviewItem; waiting: boolean; focused: boolean; onFocus: () => void; onClick: () => void }
>(function ItemRow({ item, waiting, focused, onFocus, onClick }, ref) {
  const verdict = waiting
    ? "waiting for a verdict"
    : item.state === "pending"
      ? "not decided"
      : labelOf(reviewVerdictLabel, item.state);
  return (
    <Row ref={ref} label={`${item.name}: ${verdict}`} focused={focused} waiting={waiting} onFocus={onFocus} onClick={onClick}>
      {item.stillUrl ? (
        <img
          className="h-12 w-20 shrink-0 rounded-sm border border-line object-cover"
          src={item.stillUrl}
          alt={`The moment ${item.name} was tapped`}
        />
      ) : (
        <div className="h-12 w-20 shrink-0 rounded-sm bg-subtle" aria-hidden />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <h3 className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{item.name}</h3>
          <Time seconds={item.timestampSeconds} />
          {item.state === "pending" && !waiting ? (
            <Badge tone="neutral">Not decided</Badge>
          ) : (
            <Badge tone={toneOf(reviewVerdictTone, item.state)}>{labelOf(reviewVerdictLabel, item.state)}</Badge>
          )}
        </div>
        {item.provider && (
          <details data-rationale className="text-xs text-ink-soft">
            <summary className="cursor-pointer">
              Analysis: {labelOf(reviewVerdictLabel, item.provider.state)}, {Math.round(item.provider.confidence * 100)} % sure
            </summary>
            <p className="mt-1">{item.provider.rationale}</p>
          </details>
        )}
        {(item.filmingProblem || item.darkOnPhone) && (
          <p className="text-xs text-muted">
            {item.filmingProblem && `Filming: ${item.filmingProblem}.`}
            {item.filmingProblem && item.darkOnPhone && " "}
            {item.darkOnPhone && "Too dark on the phone at this moment."}
          </p>
        )}
      </div>
    </Row>
  );
});

export const FindingRow = forwardRef<
  HTMLElement,
  { finding: ReviewFinding; waiting: boolean; focused: boolean; onFocus: () => void; onClick: () => void }
>(function FindingRow({ finding, waiting, focused, onFocus, onClick }, ref) {
  const picture = finding.after[0] ?? finding.before[0];
  return (
    <Row
      ref={ref}
      label={`${finding.room}: ${finding.description}`}
      focused={focused}
      waiting={waiting}
      onFocus={onFocus}
      onClick={onClick}
    >
      {picture ? (
        <img
          className="h-12 w-20 shrink-0 rounded-sm border border-line object-cover"
          src={picture}
          alt={`After: ${finding.description}`}
        />
      ) : (
        <div className="h-12 w-20 shrink-0 rounded-sm bg-subtle" aria-hidden />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <SeverityBadge severity={finding.severity as FindingSeverity} />
          <h3 className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{finding.room}</h3>
          <Time seconds={finding.videoTimestampSeconds} />
          {finding.rejected ? (
            <Badge tone="neutral">Rejected</Badge>
          ) : waiting ? (
            <Badge tone="warning">Waiting</Badge>
          ) : finding.reviewNeeded ? (
            <Badge tone="neutral">Not decided</Badge>
          ) : (
            <Badge tone="success">Kept</Badge>
          )}
        </div>
        <p className="truncate text-sm text-ink">{finding.description}</p>
        <p className="text-xs text-muted">
          {labelOf(categoryLabel, finding.category)} · {labelOf(findingSourceLabel, finding.source)}
          {finding.confidence !== undefined && `, ${Math.round(finding.confidence * 100)} % sure`}
          {finding.before.length > 0 && " · before picture from the baseline"}
        </p>
      </div>
    </Row>
  );
});
