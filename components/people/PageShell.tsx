import type { ReactNode } from "react";
import type { Person } from "@/lib/auth/current-person";
import { SignOutButton } from "./SignOutButton";
import styles from "./people.module.css";

/** The frame of every signed-in page: where you are, who you are, a way out. */
export function PageShell({ person, children, narrow = false }: { person?: Person; children: ReactNode; narrow?: boolean }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a className={styles.brand} href={person ? "/home" : "/"}>
          Walkthrough
        </a>
        {person && (
          <nav className={styles.nav} aria-label="Main">
            <a href="/home">Inspections</a>
            <a href="/settings">Settings</a>
            <span className={styles.who}>{person.email}</span>
            <SignOutButton />
          </nav>
        )}
      </header>
      <main className={`${styles.main} ${narrow ? styles.narrow : ""}`}>{children}</main>
    </div>
  );
}
