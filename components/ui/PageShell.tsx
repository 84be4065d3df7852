import type { ReactNode } from "react";
import type { Person } from "@/lib/auth/current-person";
import { cn } from "./cn";
import { Logo } from "./Logo";
import { NavLinks, type NavLink } from "./NavLinks";
import { SignOutButton } from "./SignOutButton";

export type { NavLink } from "./NavLinks";

export const managerLinks: NavLink[] = [
  { href: "/home", label: "Inspections", matches: ["/reports", "/homes"] },
  { href: "/people", label: "People", matches: ["/workspaces"] },
  { href: "/settings", label: "Settings" },
];

const widths = { narrow: "max-w-md", default: "max-w-6xl", wide: "max-w-7xl" } as const;

/**
 * The frame of every page: the logo, the sections with the current one marked, who is signed
 * in and the way out. Signed out (sign-in, the front page) it shows the logo alone.
 */
export function PageShell({
  person,
  children,
  width = "default",
  links = managerLinks,
  homeHref,
}: {
  person?: Person;
  children: ReactNode;
  width?: keyof typeof widths;
  links?: NavLink[];
  homeHref?: string;
}) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only rounded-md bg-surface px-3 py-2 text-sm font-medium text-accent shadow-raised focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-line bg-surface print:hidden">
        <div
          className={cn(
            "mx-auto flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6",
            widths[width === "narrow" ? "default" : width],
          )}
        >
          <a href={homeHref ?? (person ? (links[0]?.href ?? "/home") : "/")} className="rounded-md" aria-label="Walkthrough home">
            <Logo />
          </a>
          {person && (
            <>
              <nav aria-label="Main" className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
                <NavLinks links={links} />
              </nav>
              <div className="ml-auto flex min-w-0 items-center gap-3">
                <span className="hidden truncate text-sm text-muted lg:inline" title={person.email}>
                  {person.email}
                </span>
                <SignOutButton />
              </div>
            </>
          )}
        </div>
      </header>
      <main id="main" className={cn("mx-auto flex flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 sm:pt-8", widths[width])}>
        {children}
      </main>
    </div>
  );
}

/** A page's title, a line under it, and its main actions. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
