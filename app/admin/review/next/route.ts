import { NextResponse } from "next/server";
import { currentPerson } from "@/lib/auth/current-person";
import { config } from "@/lib/config";
import { consoleRoleOf, decide } from "@/lib/consoles/console-role";
import { nextToReview } from "@/lib/review/review-holds";

export const dynamic = "force-dynamic";

/**
 * "Start reviewing" and the desk's "Release and next": holds the oldest waiting walkthrough
 * nobody holds (lib/review/review-holds.ts) and opens its desk, or goes back to the queue saying
 * nothing waits. A route, not a page: a page's redirect arrives after the review segment's
 * loading screen has streamed, as a 200, where this answers a plain 307.
 */
export async function GET() {
  const to = (path: string) => NextResponse.redirect(new URL(path, config().APP_URL), 307);
  const person = await currentPerson();
  if (person === undefined) return to(`/sign-in?${new URLSearchParams({ callbackUrl: "/admin/review/next" })}`);
  // Not staff: the queue's own "No access".
  if (decide(await consoleRoleOf(person.id), { staff: true }) !== "allowed") return to("/admin/review");
  const inspectionId = await nextToReview(person);
  return to(inspectionId ? `/admin/review/${inspectionId}` : "/admin/review?notice=nothing-waiting");
}
