import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { ReviewDesk } from "@/components/consoles/ReviewDesk";
import { staffLinks } from "@/components/consoles/nav";
import { PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { TextLink } from "@/components/ui/TextLink";
import { consolePage } from "@/lib/consoles/console-page";
import { isUuid } from "@/lib/validation/uuid";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review an inspection · Walkthrough admin" };

export default async function ReviewDeskPage({ params }: { params: Promise<{ inspectionId: string }> }) {
  const { inspectionId } = await params;
  const access = await consolePage(`/admin/review/${inspectionId}`, { staff: true });
  if (!access.allowed || !isUuid(inspectionId)) return <NoAccess person={access.person} />;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <TextLink href="/admin/review" className="-mb-4 self-start text-sm">
          ← Back to the queue
        </TextLink>
        <ReviewDesk inspectionId={inspectionId} />
      </QueryProvider>
    </PageShell>
  );
}
