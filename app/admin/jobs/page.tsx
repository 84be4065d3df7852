import type { Metadata } from "next";
import { JobsPanel } from "@/components/consoles/JobsPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { PageShell } from "@/components/shell/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Jobs · Walkthrough admin" };

export default async function AdminJobsPage() {
  const access = await consolePage("/admin/jobs", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks}>
      <QueryProvider>
        <h1 className={styles.title}>Jobs</h1>
        <JobsPanel />
      </QueryProvider>
    </PageShell>
  );
}
