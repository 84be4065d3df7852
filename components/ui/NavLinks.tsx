"use client";

import { usePathname } from "next/navigation";
import { cn } from "./cn";

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

/** The section links; the one you are in is marked for the eye and for screen readers (`aria-current`). */
export function NavLinks({ links }: { links: NavLink[] }) {
  const pathname = usePathname() ?? "";
  // The most specific match wins, so /admin/review is "Review", not also "Partners" at /admin.
  const current = links.filter((link) => isCurrent(pathname, link)).sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <ul className="flex items-center gap-1 overflow-x-auto">
      {links.map((link) => {
        const active = link === current;
        return (
          <li key={link.href}>
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
  );
}
