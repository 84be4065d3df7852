"use client";

import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/Button";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * A PDF made on the server (the report's, or a finding's claim summary at `path`). It cannot know
 * the reader's time zone, so the link carries the browser's; before hydration (or without a zone)
 * the PDF names the zone it used instead.
 */
export function DownloadPdfButton({
  inspectionId,
  path = "pdf",
  label,
  variant = "primary",
  size = "md",
}: {
  inspectionId: string;
  path?: string;
  label: string;
  variant?: "primary" | "secondary";
  size?: "sm" | "md";
}) {
  const hydrated = useHydrated();
  const base = `/reports/${encodeURIComponent(inspectionId)}/${path}`;
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  const href = zone ? `${base}?${new URLSearchParams({ tz: zone }).toString()}` : base;
  return (
    <a href={href} className={buttonVariants({ variant, size })}>
      <Download aria-hidden />
      {label}
    </a>
  );
}
