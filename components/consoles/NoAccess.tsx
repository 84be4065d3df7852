import type { Person } from "@/lib/auth/current-person";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";

/** The same page whether the thing asked for is not the person's or does not exist. */
export function NoAccess({ person }: { person: Person }) {
  return (
    <PageShell person={person} narrow>
      <section className={styles.card}>
        <h1 className={styles.title}>No access</h1>
        <p>{person.email} cannot open this page. If you think you should, ask whoever invited you.</p>
      </section>
    </PageShell>
  );
}
