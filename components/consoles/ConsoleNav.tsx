"use client";

import { ExternalLink } from "lucide-react";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { ScrollStrip } from "@/components/ui/ScrollStrip";
import { consoleReferences, consoleSections, sectionHref } from "@/lib/consoles/partner-sections";

/**
 * The console's sections down the left on a wide screen; from a tablet down the same links in one
 * row above the page that scrolls sideways, a fade on the edge where more wait, the current one
 * in view, so every section stays one swipe away without a menu to open.
 */
export function ConsoleNav({ partnerId }: { partnerId: string }) {
  const pathname = usePathname() ?? "";
  const current = consoleSections
    .filter((section) => {
      const href = sectionHref(partnerId, section.path);
      return pathname === href || (section.path !== "" && pathname.startsWith(`${href}/`));
    })
    .sort((a, b) => b.path.length - a.path.length)[0];
  return (
    <nav aria-label="Console" className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-6">
      <ScrollStrip active={current?.path}>
        <ul className="flex w-max min-w-full gap-1 lg:w-auto lg:flex-col">
          {consoleSections.map((section) => {
            const active = section === current;
            return (
              <li key={section.path} className="shrink-0 snap-start">
                <a
                  href={sectionHref(partnerId, section.path)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                    "under" in section && "lg:ml-3 lg:text-[0.8125rem]",
                    active ? "bg-accent-soft text-accent" : "text-ink-soft hover:bg-subtle hover:text-ink",
                  )}
                >
                  {section.label}
                </a>
              </li>
            );
          })}
        </ul>
      </ScrollStrip>
      <ul aria-label="Reference" className="flex flex-wrap gap-x-4 gap-y-1 border-t border-line pt-3 lg:flex-col lg:px-3">
        {consoleReferences.map((reference) => (
          <li key={reference.href}>
            <a
              href={reference.href}
              className="inline-flex items-center gap-1 text-sm text-ink-soft underline-offset-2 hover:text-accent hover:underline"
            >
              {reference.label}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
