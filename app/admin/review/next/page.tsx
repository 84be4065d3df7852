import { redirect } from "next/navigation";
import { NoAccess } from "@/components/consoles/NoAccess";
import { consolePage } from "@/lib/consoles/console-page";
import { nextToReview } from "@/lib/review/review-holds";

export const dynamic = "force-dynamic";

/**
 * "Start reviewing" and the desk's "Release and next": holds the oldest waiting walkthrough
 * nobody holds (lib/review/review-holds.ts) and opens its desk, or goes back to the queue saying
 * nothing waits.
 */
export default async function NextToReviewPage() {
  const access = await consolePage("/admin/review/next", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const inspectionId = await nextToReview(access.person);
  redirect(inspectionId ? `/admin/review/${inspectionId}` : "/admin/review?notice=nothing-waiting");
}
