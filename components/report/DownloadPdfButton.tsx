"use client";

import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/Button";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * The PDF made on the server. It cannot know the reader's time zone, so the link carries the
 * browser's; before hydration (or without a zone) the PDF names the zone it used instead.
 */
export function DownloadPdfButton({ inspectionId, label }: { inspectionId: string; label: string }) {
  const hydrated = useHydrated();
  const base = `/reports/${encodeURIComponent(inspectionId)}/pdf`;
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  const href = zone ? `${base}?${new URLSearchParams({ tz: zone }).toString()}` : base;
  return (
    <a href={href} className={buttonVariants({ variant: "primary" })}>
      <Download aria-hidden />
      {label}
    </a>
  );
}
