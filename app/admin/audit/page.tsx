import type { Metadata } from "next";
import { AuditPanel } from "@/components/consoles/AuditPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { consolePage } from "@/lib/consoles/console-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log · Walkthrough admin" };

export default async function AdminAuditPage() {
  const access = await consolePage("/admin/audit", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <PageHeader title="Audit log" description="Who changed what, across every partner." />
        <AuditPanel title="All changes" />
      </QueryProvider>
    </PageShell>
  );
}
