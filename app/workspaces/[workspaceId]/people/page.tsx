import { Lock } from "lucide-react";
import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { seatsOf } from "@/lib/people/access";
import { PeopleManager } from "@/components/manager/PeopleManager";
import { StatePage } from "@/components/manager/StatePage";
import { Button } from "@/components/ui/Button";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People · Walkthrough" };

export default async function PeoplePage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const person = await requirePerson(`/workspaces/${encodeURIComponent(workspaceId)}/people`);
  const seats = await seatsOf(person.id);
  const seat = seats.find((candidate) => candidate.workspaceId === workspaceId);
  if (seat?.role !== "owner") {
    return (
      <StatePage
        person={person}
        icon={Lock}
        title="No access"
        action={
          <Button asChild variant="secondary">
            <a href="/people">See who can help</a>
          </Button>
        }
      >
        <p>Only a workspace&apos;s owner invites and removes people.</p>
      </StatePage>
    );
  }
  const owned = seats.filter((candidate) => candidate.role === "owner");
  return (
    <PageShell person={person}>
      <PageHeader
        title="People"
        description={
          <>
            Who can read reports and set homes up in the workspace{" "}
            <span className="font-medium text-ink-soft">{seat.workspaceName}</span>.
            {owned.length > 1 && (
              <>
                {" "}
                <a href="/people" className="font-medium text-accent hover:underline">
                  Other workspaces
                </a>
              </>
            )}
          </>
        }
      />
      <QueryProvider>
        <PeopleManager workspaceId={workspaceId} />
      </QueryProvider>
    </PageShell>
  );
}
