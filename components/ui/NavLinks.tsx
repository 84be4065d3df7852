"use client";

import { usePathname } from "next/navigation";
import { cn } from "./cn";
import { ScrollStrip } from "./ScrollStrip";

export interface NavLink {
  href: string;
  label: string;
  /** Other paths that belong to this link's section (a report belongs to Inspections). */
  matches?: string[];
}

function isCurrent(pathname: string, link: NavLink): boolean {
  const paths = [link.href, ...(link.matches ?? [])];
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * The section links; the one you are in is marked for the eye and for screen readers
 * (`aria-current`). On a phone the row scrolls sideways, a fade where more wait (ScrollStrip).
 */
export function NavLinks({ links }: { links: NavLink[] }) {
  const pathname = usePathname() ?? "";
  // The most specific match wins, so /admin/review is "Review", not also "Partners" at /admin.
  const current = links.filter((link) => isCurrent(pathname, link)).sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <ScrollStrip active={current?.href} background="surface">
      <ul className="flex w-max min-w-full items-center gap-1">
        {links.map((link) => {
          const active = link === current;
          return (
            <li key={link.href} className="shrink-0 snap-start">
              <a
                href={link.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                  active ? "bg-accent-soft text-accent" : "text-ink-soft hover:bg-subtle hover:text-ink",
                )}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </ScrollStrip>
  );
}
