import { WeightedSemaphore } from "../concurrency/weighted-semaphore";
import { processSingleton } from "../process-state";

/**
 * Pixels being decoded at once in this process, across photo and tour imports: 100 megapixels,
 * the largest image allowed. Two 100 MP decodes (each up to ~300 MB for a progressive JPEG or
 * an interlaced PNG, which must buffer the whole image) never run together; 12 MP photos still
 * run eight at a time.
 */
export const decodePixelsAtOnce = 100_000_000;

export function decodeBudget(): WeightedSemaphore {
  return processSingleton("fetch.decode-budget", () => new WeightedSemaphore(decodePixelsAtOnce));
}
