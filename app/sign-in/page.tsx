import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentPerson } from "@/lib/auth/current-person";
import { safeReturnPath } from "@/lib/auth/return-path";
import { config } from "@/lib/config";
import { PageShell } from "@/components/shell/PageShell";
import { SignInForm } from "@/components/people/SignInForm";
import styles from "@/components/shell/shell.module.css";

export const metadata: Metadata = { title: "Sign in · Walkthrough" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams;
  const returnPath = safeReturnPath(query.callbackUrl, config().APP_URL);
  if (await currentPerson()) redirect(returnPath);
  return (
    <PageShell narrow>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.title}>
          Sign in
        </h1>
        <p className={styles.subtitle}>Inspection reports for your homes. We email you a link; no password.</p>
        {query.signed_out !== undefined && (
          <p className={styles.notice} role="status" style={{ marginTop: 12 }}>
            You are signed out.
          </p>
        )}
        {returnPath.startsWith("/reports/") && (
          <p className={styles.notice} style={{ marginTop: 12 }}>
            Sign in to read this inspection report.
          </p>
        )}
        <div style={{ marginTop: 16 }}>
          <SignInForm callbackUrl={`${config().APP_URL}${returnPath}`} />
        </div>
      </section>
    </PageShell>
  );
}
