import type { Metadata } from "next";
import { HeldElsewhere } from "@/components/consoles/HeldElsewhere";
import { NoAccess } from "@/components/consoles/NoAccess";
import { ReviewHoldKeeper } from "@/components/consoles/ReviewHoldKeeper";
import { ReviewDesk } from "@/components/consoles/ReviewDesk";
import { staffLinks } from "@/components/consoles/nav";
import { PageShell } from "@/components/ui/PageShell";
import { QueryProvider } from "@/components/ui/QueryProvider";
import { TextLink } from "@/components/ui/TextLink";
import { consolePage } from "@/lib/consoles/console-page";
import { holdReview } from "@/lib/review/review-holds";
import { isUuid } from "@/lib/validation/uuid";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review an inspection · Walkthrough admin" };

export default async function ReviewDeskPage({ params }: { params: Promise<{ inspectionId: string }> }) {
  const { inspectionId } = await params;
  const access = await consolePage(`/admin/review/${inspectionId}`, { staff: true });
  if (!access.allowed || !isUuid(inspectionId)) return <NoAccess person={access.person} />;
  // Opening the desk holds the walkthrough for this reviewer (lib/review/review-holds.ts).
  const hold = await holdReview(inspectionId, access.person);
  const holder = !hold.held && "holder" in hold ? hold.holder.label : undefined;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <QueryProvider>
        <TextLink href="/admin/review" className="-mb-4 self-start text-sm">
          ← Back to the queue
        </TextLink>
        {holder ? (
          <HeldElsewhere inspectionId={inspectionId} holder={holder} />
        ) : (
          <>
            {hold.held && <ReviewHoldKeeper inspectionId={inspectionId} />}
            <ReviewDesk inspectionId={inspectionId} />
          </>
        )}
      </QueryProvider>
    </PageShell>
  );
}
