"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "./Button";
import { cn } from "./cn";

/** Copies a text to the clipboard and says so on the button (its name too, for screen readers). */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={copied ? `${what} copied` : `Copy ${what}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

/**
 * A block of code or data with a copy button over it; code scrolls sideways rather than wrapping,
 * `wrap` text (a response body, often one long line) wraps.
 */
export function CodeBlock({ text, what, label, wrap = false }: { text: string; what: string; label?: string; wrap?: boolean }) {
  return (
    <div className="relative min-w-0">
      <pre
        tabIndex={0}
        aria-label={label ?? what}
        className={cn(
          "max-h-[32rem] overflow-auto rounded-md border border-line bg-canvas p-3 pr-24 font-mono text-xs leading-relaxed text-ink focus-visible:outline-2 focus-visible:outline-focus",
          wrap && "break-all whitespace-pre-wrap",
        )}
      >
        <code>{text}</code>
      </pre>
      <div className="absolute top-2 right-2">
        <CopyButton text={text} what={what} />
      </div>
    </div>
  );
}
