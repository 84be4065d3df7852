import type { Metadata } from "next";
import { Suspense } from "react";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { Notice } from "@/components/ui/Notice";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { consolePage } from "@/lib/consoles/console-page";
import { QueueCards, QueueLoading } from "./QueueCards";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review · Walkthrough admin" };

/*
 * Who may see the queue is decided before anything is sent (a sign-in redirect stays a real
 * redirect); the queue itself streams in behind its skeleton.
 */
export default async function ReviewQueuePage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const { notice } = await searchParams;
  const access = await consolePage("/admin/review", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <PageHeader
        title="Review"
        description="Sealed walkthroughs whose items or findings analysis could not decide on its own."
      />
      {notice === "nothing-waiting" && (
        <Notice tone="info" live title="Nothing waiting">
          Every waiting walkthrough is held by another reviewer, or none waits. New ones appear here as analysis hands them over.
        </Notice>
      )}
      <Suspense fallback={<QueueLoading />}>
        <QueueCards me={access.person.id} />
      </Suspense>
    </PageShell>
  );
}
