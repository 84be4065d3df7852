import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { seatsOf } from "@/lib/people/access";
import { PageShell } from "@/components/shell/PageShell";
import { PeopleManager } from "@/components/people/PeopleManager";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People · Walkthrough" };

export default async function PeoplePage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const person = await requirePerson(`/workspaces/${encodeURIComponent(workspaceId)}/people`);
  const seat = (await seatsOf(person.id)).find((candidate) => candidate.workspaceId === workspaceId);
  if (seat?.role !== "owner") {
    return (
      <PageShell person={person} narrow>
        <section className={styles.card}>
          <h1 className={styles.title}>No access</h1>
          <p>Only a workspace&apos;s owner manages who can read its reports.</p>
          <p>
            <a href="/home">Go to your inspections</a>
          </p>
        </section>
      </PageShell>
    );
  }
  return (
    <PageShell person={person}>
      <div>
        <h1 className={styles.title}>People</h1>
        <p className={styles.subtitle}>Who can read {seat.workspaceName}&apos;s inspection reports.</p>
      </div>
      <QueryProvider>
        <PeopleManager workspaceId={workspaceId} />
      </QueryProvider>
    </PageShell>
  );
}
