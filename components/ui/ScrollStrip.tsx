"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "./cn";

const fades = { canvas: "from-canvas from-40% to-transparent", surface: "from-surface from-40% to-transparent" };

const activeSelector = '[aria-current="page"], [data-state="active"]';

/**
 * A row of tabs or links wider than a phone: it scrolls sideways, snapping to its items; a fade
 * with an arrow on each edge that hides more says there is more, and the active item is brought
 * into view on arrival (`active` names it, so a change brings the new one in too). Where the row
 * fits (or is laid out as a column) nothing shows.
 */
export function ScrollStrip({
  children,
  active,
  background = "canvas",
  className,
}: {
  children: ReactNode;
  active?: string;
  /** What the strip sits on, for the fade to fade into. */
  background?: keyof typeof fades;
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const strip = scroller.current;
    if (!strip) return;
    const measure = () =>
      setMore({
        before: strip.scrollLeft > 1,
        after: strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1,
      });
    // Centred by hand: scrollIntoView would scroll the page up or down as well.
    const showCurrent = () => {
      const current = strip.querySelector<HTMLElement>(activeSelector);
      if (!current || strip.scrollWidth <= strip.clientWidth) return;
      const offset = current.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
      strip.scrollLeft = offset - (strip.clientWidth - current.offsetWidth) / 2;
    };
    showCurrent();
    measure();
    strip.addEventListener("scroll", measure, { passive: true });
    // A turned phone or a resized window: the current one back in view, the fades as they now are.
    const resized = new ResizeObserver(() => {
      showCurrent();
      measure();
    });
    resized.observe(strip);
    return () => {
      strip.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [active]);

  const edge = "pointer-events-none absolute top-0 bottom-px flex w-10 items-center text-muted";
  return (
    <div className={cn("relative min-w-0", className)}>
      <div ref={scroller} className="snap-x snap-proximity overflow-x-auto [scrollbar-width:none]">
        {children}
      </div>
      {more.before && (
        <span
          aria-hidden
          data-scroll-more="before"
          className={cn(edge, "left-0 justify-start bg-linear-to-r", fades[background])}
        >
          <ChevronLeft className="size-4" />
        </span>
      )}
      {more.after && (
        <span aria-hidden data-scroll-more="after" className={cn(edge, "right-0 justify-end bg-linear-to-l", fades[background])}>
          <ChevronRight className="size-4" />
        </span>
      )}
    </div>
  );
}
