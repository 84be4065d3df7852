import type { Metadata } from "next";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";
import { config } from "@/lib/config";
import { demoTerms, demoTermsVersion } from "@/lib/demo/terms";

export const metadata: Metadata = { title: "Demo terms · Walkthrough" };
export const dynamic = "force-dynamic";

export default function DemoTermsPage() {
  return (
    <PageShell narrow>
      <section className={styles.card} aria-labelledby="terms-title">
        <h1 id="terms-title">Demo terms</h1>
        <p className={styles.muted}>
          Version {demoTermsVersion}: sending <code>accept_terms: true</code> accepts this version, recorded with the time.
        </p>
        <ul>
          {demoTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        <p>
          Retention: a confirmed submission and its media are deleted {config().DEMO_RETENTION_DAYS} days after confirmation; an
          unconfirmed one after a day.
        </p>
      </section>
    </PageShell>
  );
}
