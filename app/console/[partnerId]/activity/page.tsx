import { redirect } from "next/navigation";

/** The console's earlier address for this section: a bookmark still lands on it. */
export default async function OldActivityPage({ params }: { params: Promise<{ partnerId: string }> }) {
  const { partnerId } = await params;
  redirect(`/console/${partnerId}/usage`);
}
