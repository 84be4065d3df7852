import { cn } from "@/components/ui/cn";

/** A name or value from the API inside a sentence. */
export function InlineCode({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <code className={cn("rounded-sm bg-subtle px-1 py-0.5 font-mono text-[0.85em] break-words text-ink", className)}>
      {children}
    </code>
  );
}

/**
 * A command to copy. It scrolls sideways rather than wrap (a wrapped curl line no longer pastes),
 * so it takes focus: a keyboard can scroll it too.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-md bg-ink p-4 font-mono text-[13px] leading-relaxed text-white"
    >
      <code>{code}</code>
    </pre>
  );
}
