"use client";

import { Check, Copy, KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/Button";

/**
 * A secret shown this one time: it is never stored readable, so it cannot be shown again. Boxed
 * in the warning colour with the value in a monospace well and a copy button beside it.
 */
export function OnceSecret({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-lg border border-warning-line bg-warning-soft p-4">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink">{label}, shown only this once</p>
          <p className="mt-0.5 text-sm text-ink-soft">Copy it and store it somewhere safe now: it cannot be shown again.</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code className="block min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 font-mono text-sm break-all text-ink select-all">
              {value}
            </code>
            <Button
              variant="secondary"
              size="sm"
              aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
              onClick={() => {
                void navigator.clipboard?.writeText(value).then(() => setCopied(true));
              }}
            >
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
