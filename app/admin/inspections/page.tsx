import type { Metadata } from "next";
import { InspectionsPanel } from "@/components/consoles/InspectionsPanel";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { consolePage } from "@/lib/consoles/console-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspections · Walkthrough admin" };

export default async function AdminInspectionsPage() {
  const access = await consolePage("/admin/inspections", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <PageHeader title="All inspections" description="Every partner's walkthroughs, newest first; each opens its report." />
        <InspectionsPanel />
      </QueryProvider>
    </PageShell>
  );
}
