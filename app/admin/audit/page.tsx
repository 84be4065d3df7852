import type { Metadata } from "next";
import { AuditPanel } from "@/components/consoles/AuditPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { staffLinks } from "@/components/consoles/nav";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log · Walkthrough admin" };

export default async function AdminAuditPage() {
  const access = await consolePage("/admin/audit", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks}>
      <QueryProvider>
        <h1 className={styles.title}>Audit log</h1>
        <AuditPanel />
      </QueryProvider>
    </PageShell>
  );
}
