import type { Metadata } from "next";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";

export const metadata: Metadata = { title: "Sign-in failed · Walkthrough" };
export const dynamic = "force-dynamic";

const explanations: Record<string, { title: string; text: string }> = {
  Verification: {
    title: "This sign-in link no longer works",
    text: "Each link works once and only for a limited time. Ask for a new one below.",
  },
  EmailSignin: { title: "We could not send a link to that address", text: "Check the address and try again." },
};

export default async function SignInFailedPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { error } = await searchParams;
  const explanation = explanations[error ?? ""] ?? { title: "Sign-in did not work", text: "Try again in a moment." };
  return (
    <PageShell narrow>
      <section className={styles.card} aria-labelledby="failed-title">
        <h1 id="failed-title" className={styles.title}>
          {explanation.title}
        </h1>
        <p>{explanation.text}</p>
        <p>
          <a className={`${styles.button} ${styles.buttonLink}`} href="/sign-in">
            Get a new sign-in link
          </a>
        </p>
      </section>
    </PageShell>
  );
}
