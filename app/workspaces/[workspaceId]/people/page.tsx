import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { roleIn } from "@/lib/people/access";
import { db } from "@/lib/db/client";
import { PageShell } from "@/components/people/PageShell";
import { PeopleManager } from "@/components/people/PeopleManager";
import { QueryProvider } from "@/components/people/QueryProvider";
import styles from "@/components/people/people.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People · Walkthrough" };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function PeoplePage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const person = await requirePerson(`/workspaces/${encodeURIComponent(workspaceId)}/people`);
  const role = uuidPattern.test(workspaceId) ? await roleIn(person.id, workspaceId) : undefined;
  if (role !== "owner") {
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
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
  return (
    <PageShell person={person}>
      <div>
        <h1 className={styles.title}>People</h1>
        <p className={styles.subtitle}>Who can read {workspace.name}&apos;s inspection reports.</p>
      </div>
      <QueryProvider>
        <PeopleManager workspaceId={workspaceId} />
      </QueryProvider>
    </PageShell>
  );
}
