import { cn } from "./cn";

/** The mark (a house with a tick), drawn inline so it needs no request; the same as public/logo-mark.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn("size-7 shrink-0", className)}>
      <rect width="64" height="64" rx="14" fill="var(--color-accent)" />
      <path
        d="M14 30.5 32 15l18 15.5V49a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z"
        fill="none"
        stroke="#fff"
        strokeWidth="4.5"
        strokeLinejoin="round"
      />
      <path d="m23.5 36.5 6 6 11-12" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark and wordmark; the name is real text, so it is read and translated as text. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-2 text-lg font-bold tracking-tight",
        inverted ? "text-white" : "text-ink",
        className,
      )}
    >
      <LogoMark />
      Walkthrough
    </span>
  );
}
