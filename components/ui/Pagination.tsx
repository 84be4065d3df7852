import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./Button";

/**
 * Previous and next through a list the server pages, with where you are between them; nothing
 * when it all fits on one page. Links (`hrefFor`) for a page the server renders, buttons
 * (`onPage`) for a list a client component fetches.
 */
export function Pagination({
  label,
  page,
  pages,
  onPage,
  hrefFor,
}: {
  label: string;
  page: number;
  pages: number;
  onPage?: (page: number) => void;
  hrefFor?: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const step = (to: number, text: string, icon: "previous" | "next", enabled: boolean) => {
    const content =
      icon === "previous" ? (
        <>
          <ChevronLeft aria-hidden />
          {text}
        </>
      ) : (
        <>
          {text}
          <ChevronRight aria-hidden />
        </>
      );
    if (hrefFor && enabled)
      return (
        <Button asChild variant="secondary" size="sm">
          <a href={hrefFor(to)}>{content}</a>
        </Button>
      );
    return (
      <Button variant="secondary" size="sm" disabled={!enabled} onClick={() => onPage?.(to)}>
        {content}
      </Button>
    );
  };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-3">
      <p className="text-sm text-muted">
        Page <span className="font-medium text-ink">{page}</span> of <span className="font-medium text-ink">{pages}</span>
      </p>
      <div className="flex gap-2">
        {step(page - 1, "Previous", "previous", page > 1)}
        {step(page + 1, "Next", "next", page < pages)}
      </div>
    </nav>
  );
}
