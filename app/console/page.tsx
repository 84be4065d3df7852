import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NoAccess } from "@/components/consoles/NoAccess";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";
import { requirePerson } from "@/lib/auth/current-person";
import { consoleRoleOf } from "@/lib/consoles/console-role";
import { listPartnerNames } from "@/lib/partners/find-partner";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Partner console · Walkthrough" };

/** Where an invitation lands: straight to the partner's console, or a choice when there are several. */
export default async function ConsoleIndex() {
  const person = await requirePerson("/console");
  const role = await consoleRoleOf(person.id);
  if (role.partnerIds.length === 0) {
    if (role.staff) redirect("/admin");
    return <NoAccess person={person} />;
  }
  if (role.partnerIds.length === 1) redirect(`/console/${role.partnerIds[0]}`);
  const partners = await listPartnerNames(role.partnerIds);
  return (
    <PageShell person={person} links={[{ href: "/console", label: "Console" }]} narrow>
      <section className={styles.card}>
        <h1 className={styles.title}>Choose a partner</h1>
        <ul>
          {partners.map((partner) => (
            <li key={partner.id}>
              <a href={`/console/${partner.id}`}>{partner.name}</a>
            </li>
          ))}
        </ul>
      </section>
    </PageShell>
  );
}
