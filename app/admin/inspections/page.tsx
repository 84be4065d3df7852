import type { Metadata } from "next";
import { InspectionsPanel } from "@/components/consoles/InspectionsPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspections · Walkthrough admin" };

export default async function AdminInspectionsPage() {
  const access = await consolePage("/admin/inspections", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks}>
      <QueryProvider>
        <h1 className={styles.title}>All inspections</h1>
        <InspectionsPanel />
      </QueryProvider>
    </PageShell>
  );
}
