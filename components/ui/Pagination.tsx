import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./Button";

/** A step to a neighbouring page: a link for a page the server renders, a click for a list a client component fetches. */
export type PageStep = { href: string } | { onClick: () => void };

/** A step that hands `cursor` to `go`, none without a cursor. */
export const stepTo = (cursor: string | undefined, go: (cursor: string) => void): PageStep | undefined =>
  cursor === undefined ? undefined : { onClick: () => go(cursor) };

const stepWords = {
  /** A list by time, newest first. */
  time: ["Newer", "Older"],
  /** A list by name. */
  name: ["Previous", "Next"],
} as const;

/**
 * Back and on through a list the server pages by keyset (lib/db/keyset.ts): no page numbers,
 * since counting pages would read the whole table; `summary` says what is shown instead.
 * Nothing when the list fits on one page.
 */
export function Pagination({
  label,
  previous,
  next,
  order = "name",
  summary,
}: {
  label: string;
  previous?: PageStep;
  next?: PageStep;
  order?: keyof typeof stepWords;
  summary?: ReactNode;
}) {
  if (!previous && !next) return null;
  const [back, on] = stepWords[order];
  const step = (target: PageStep | undefined, content: ReactNode) =>
    target && "href" in target ? (
      <Button asChild variant="secondary" size="sm">
        <a href={target.href}>{content}</a>
      </Button>
    ) : (
      <Button variant="secondary" size="sm" disabled={!target} onClick={target?.onClick}>
        {content}
      </Button>
    );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-3">
      <p className="text-sm text-muted">{summary}</p>
      <div className="flex gap-2">
        {step(
          previous,
          <>
            <ChevronLeft aria-hidden />
            {back}
          </>,
        )}
        {step(
          next,
          <>
            {on}
            <ChevronRight aria-hidden />
          </>,
        )}
      </div>
    </nav>
  );
}
