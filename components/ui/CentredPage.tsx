import type { ReactNode } from "react";
import { Card } from "./Card";
import { Logo } from "./Logo";

/**
 * A page that is one short message or form (sign-in and its outcomes, the demo confirmation, not
 * found, an error): the logo over one narrow card in the middle of the screen, nothing else to look at.
 * `homeLabel`: the logo link's name, from the page's catalogue where it has one.
 */
export function CentredPage({
  children,
  footer,
  homeLabel = "Walkthrough home",
}: {
  children: ReactNode;
  footer?: ReactNode;
  homeLabel?: string;
}) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center sm:pt-16 sm:pb-32">
      <div className="flex w-full max-w-sm flex-col gap-6">
        <a href="/" className="self-center rounded-md" aria-label={homeLabel}>
          <Logo className="text-xl" />
        </a>
        <Card className="flex flex-col gap-5 p-6 sm:p-8">{children}</Card>
        {footer && <div className="text-center text-sm text-muted">{footer}</div>}
      </div>
    </main>
  );
}

/** The card's title and the line under it. */
export function CentredPageHeading({
  id,
  title,
  eyebrow,
  children,
}: {
  id?: string;
  title: ReactNode;
  /** A word or two over the title saying what kind of page this is ("Page not found"). */
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      {eyebrow && <p className="text-sm font-semibold text-accent">{eyebrow}</p>}
      <h1 id={id} className="text-xl font-semibold tracking-tight text-ink">
        {title}
      </h1>
      {children && <div className="text-sm text-ink-soft">{children}</div>}
    </div>
  );
}
