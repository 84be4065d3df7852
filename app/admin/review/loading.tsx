import { SkeletonRows } from "@/components/ui/Skeleton";

/** While the queue (or a desk) is read on the server: the shape of a table, announced once. */
export default function ReviewLoading() {
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-ink">Review</h1>
      <SkeletonRows rows={6} label="Loading" />
    </main>
  );
}
