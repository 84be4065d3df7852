import "server-only";
import { log } from "../log";
import type { MediaStorage } from "../media/storage";

/** Per import, so replacing or removing one tour's imagery never touches another's, or photos. */
export function tourImagePrefix(propertyId: string, importId: string): string {
  return `tours/${propertyId}/${importId}`;
}

/**
 * Deletes the imagery of imports whose rows are already gone or ended. Runs after the commit
 * that ended them; a storage failure leaves unreferenced bytes (logged), never a row that
 * points at nothing.
 */
export async function deleteTourImagery(storage: MediaStorage, propertyId: string, importIds: readonly string[]): Promise<void> {
  for (const importId of importIds) {
    try {
      await storage.deletePrefix(tourImagePrefix(propertyId, importId));
    } catch (error) {
      log().error({ err: error, propertyId, importId }, "could not delete a tour's imagery; its bytes stay in storage");
    }
  }
}
