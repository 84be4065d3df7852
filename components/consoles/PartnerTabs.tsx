"use client";

import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { Tabs } from "@/components/ui/Tabs";
import { partnerTabOf, partnerTabs, type PartnerTab } from "@/lib/consoles/partner-sections";

/**
 * A partner's admin page in tabs, the open one in the URL (`?tab=keys`) so a link opens it and
 * Back returns to the previous tab. The history entry is pushed in the browser (Next keeps
 * useSearchParams in step with pushState) so switching tabs asks nothing of the server.
 */
export function PartnerTabs({ panels }: { panels: Readonly<Record<PartnerTab, ReactNode>> }) {
  const search = useSearchParams();
  const current = partnerTabOf(search.get("tab"));
  return (
    <Tabs
      label="Partner sections"
      value={current}
      onValueChange={(value) => {
        const next = new URLSearchParams(search.toString());
        if (value === "overview") next.delete("tab");
        else next.set("tab", value);
        const query = next.toString();
        window.history.pushState(null, "", query === "" ? window.location.pathname : `?${query}`);
      }}
      tabs={partnerTabs.map((tab) => ({
        value: tab.tab,
        label: tab.label,
        content: <div className="flex flex-col gap-6">{panels[tab.tab]}</div>,
      }))}
    />
  );
}
