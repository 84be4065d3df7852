"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/Button";

/** The browser's own print, which the report's print styles lay out (no navigation, findings unsplit). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      <Printer aria-hidden />
      {label}
    </Button>
  );
}
