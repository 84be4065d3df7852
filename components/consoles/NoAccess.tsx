import { Lock } from "lucide-react";
import type { Person } from "@/lib/auth/current-person";
import { Card } from "@/components/ui/Card";
import { PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";

/** The same page whether the thing asked for is not the person's or does not exist. */
export function NoAccess({ person }: { person: Person }) {
  return (
    <PageShell person={person} width="narrow" links={[]} homeHref="/">
      <Card className="flex flex-col items-center gap-3 py-10 text-center sm:py-12">
        <span className="grid size-11 place-items-center rounded-full bg-subtle text-ink-soft">
          <Lock aria-hidden className="size-5" />
        </span>
        <h1 className="text-xl font-semibold text-ink">No access</h1>
        <p className="max-w-sm text-sm text-muted">
          {person.email} cannot open this page. If you think you should, ask whoever invited you.
        </p>
        <TextLink href="/" className="text-sm">
          Go to the front page
        </TextLink>
      </Card>
    </PageShell>
  );
}
