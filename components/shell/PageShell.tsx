import type { ReactNode } from "react";
import type { Person } from "@/lib/auth/current-person";
import { SignOutButton } from "./SignOutButton";
import styles from "./shell.module.css";

export interface NavLink {
  href: string;
  label: string;
}

const managerLinks: NavLink[] = [
  { href: "/home", label: "Inspections" },
  { href: "/settings", label: "Settings" },
];

/** The frame of every signed-in page: where you are, who you are, a way out. The consoles pass their own links. */
export function PageShell({
  person,
  children,
  narrow = false,
  links = managerLinks,
}: {
  person?: Person;
  children: ReactNode;
  narrow?: boolean;
  links?: NavLink[];
}) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a className={styles.brand} href={person ? (links[0]?.href ?? "/home") : "/"}>
          Walkthrough
        </a>
        {person && (
          <nav className={styles.nav} aria-label="Main">
            {links.map((link) => (
              <a key={link.href} href={link.href}>
                {link.label}
              </a>
            ))}
            <span className={styles.who}>{person.email}</span>
            <SignOutButton />
          </nav>
        )}
      </header>
      <main className={`${styles.main} ${narrow ? styles.narrow : ""}`}>{children}</main>
    </div>
  );
}
