import type { Metadata } from "next";
import { DemoConfirm } from "@/components/demo/DemoConfirm";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";

export const metadata: Metadata = { title: "Confirm your demo submission · Walkthrough", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function DemoConfirmPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <PageShell narrow>
      <section className={styles.card} aria-labelledby="confirm-title">
        <h1 id="confirm-title">Confirm your demo submission</h1>
        <p>Confirming proves this address is yours. Nothing is analysed or mailed before it.</p>
        <DemoConfirm token={typeof token === "string" ? token : ""} />
        <p className={styles.muted}>
          The <a href="/demo/terms">demo terms</a> apply.
        </p>
      </section>
    </PageShell>
  );
}
