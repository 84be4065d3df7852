import type { ReviewFinding, ReviewItem, ReviewView } from "@/lib/review/show-review";

/** One row the reviewer moves through with J and K: the items first, then the findings. */
export type DeskRow =
  | { key: string; kind: "item"; item: ReviewItem; waiting: boolean; seconds?: number }
  | { key: string; kind: "finding"; finding: ReviewFinding; waiting: boolean; seconds?: number };

export const itemWaits = (item: ReviewItem) => item.reviewNeeded && item.state === "pending";
export const findingWaits = (finding: ReviewFinding) => finding.reviewNeeded && !finding.rejected;

export function deskRows(view: ReviewView): DeskRow[] {
  return [
    ...view.items.map((item) => ({
      key: `item:${item.itemId}`,
      kind: "item" as const,
      item,
      waiting: itemWaits(item),
      seconds: item.timestampSeconds,
    })),
    ...view.findings.map((finding) => ({
      key: `finding:${finding.findingId}`,
      kind: "finding" as const,
      finding,
      waiting: findingWaits(finding),
      seconds: finding.videoTimestampSeconds,
    })),
  ];
}

/** The next row that waits after `from` (wrapping), else none: where focus goes after a verdict. */
export function nextWaiting(rows: DeskRow[], from: string | undefined): DeskRow | undefined {
  const start = rows.findIndex((row) => row.key === from);
  for (let step = 1; step <= rows.length; step++) {
    const row = rows[(start + step + rows.length) % rows.length];
    if (row?.waiting && row.key !== from) return row;
  }
  return undefined;
}
