import type { Metadata } from "next";
import { JobsPanel } from "@/components/consoles/JobsPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { consolePage } from "@/lib/consoles/console-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Jobs · Walkthrough admin" };

export default async function AdminJobsPage() {
  const access = await consolePage("/admin/jobs", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <PageHeader title="Jobs" description="The background queues: what waits, what runs, and what failed for good." />
        <JobsPanel />
      </QueryProvider>
    </PageShell>
  );
}
