import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { Person } from "@/lib/auth/current-person";
import { Card } from "@/components/ui/Card";
import { PageShell } from "@/components/ui/PageShell";

/**
 * A page that can only explain: no workspace yet, no access. One narrow card with an icon, the
 * situation in the heading, what to do next, and the way on.
 */
export function StatePage({
  person,
  icon: Icon,
  title,
  children,
  action,
}: {
  person: Person;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <PageShell person={person} width="narrow">
      <Card aria-labelledby="state-title" className="mt-4 flex flex-col items-start gap-3 sm:mt-10">
        <span className="grid size-11 place-items-center rounded-full bg-accent-soft text-accent">
          <Icon aria-hidden className="size-5" />
        </span>
        <h1 id="state-title" className="text-xl font-semibold tracking-tight text-ink">
          {title}
        </h1>
        <div className="flex flex-col gap-2 text-ink-soft">{children}</div>
        {action && <div className="mt-2">{action}</div>}
      </Card>
    </PageShell>
  );
}
