import type { Metadata } from "next";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";

export const metadata: Metadata = { title: "Check your email · Walkthrough" };

// next-auth sends browsers here after a sign-in form that posted without JavaScript.
export default function CheckEmailPage() {
  return (
    <PageShell narrow>
      <section className={styles.card}>
        <h1 className={styles.title}>Check your email</h1>
        <p>If the address has access to Walkthrough, a sign-in link is on its way. It works once, for 30 minutes.</p>
      </section>
    </PageShell>
  );
}
