"use client";

import * as RadixTabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { ScrollStrip } from "./ScrollStrip";

/**
 * Tabs: arrow keys move between them (Radix's roving focus); each panel is labelled by its tab.
 * On a phone the row scrolls, with a fade where more tabs wait (ScrollStrip).
 */
export function Tabs({
  tabs,
  defaultValue,
  value,
  onValueChange,
  label,
  className,
}: {
  tabs: { value: string; label: ReactNode; content: ReactNode }[];
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
}) {
  return (
    <RadixTabs.Root
      defaultValue={defaultValue ?? tabs[0]?.value}
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      <ScrollStrip active={value}>
        {/* The line under the row as an inset shadow: the active tab's border paints over it, inside the scroller. */}
        <RadixTabs.List aria-label={label} className="flex w-max min-w-full gap-1 shadow-[inset_0_-1px_0_var(--color-line)]">
          {tabs.map((tab) => (
            <RadixTabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                "shrink-0 snap-start border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-ink",
                "data-[state=active]:border-accent data-[state=active]:text-ink",
              )}
            >
              {tab.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
      </ScrollStrip>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="pt-4 focus-visible:outline-none">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
