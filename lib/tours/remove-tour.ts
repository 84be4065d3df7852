import "server-only";
import { db } from "../db/client";
import { lockHome } from "../properties/home-imports";
import { mediaStorage } from "../media/media-storage";
import type { MediaStorage } from "../media/storage";
import { deleteTourImagery } from "./tour-storage";

/**
 * The tour DELETE (spec: idempotent; a running import is stopped; the imported imagery is
 * deleted; photos are untouched). Every import of the home that holds or may still gather
 * imagery ends as `removed` under the home's row lock; a running job sees that at its next
 * image and stops. The bytes go after the commit.
 */
export async function removeTour(propertyId: string, storage: MediaStorage = mediaStorage()): Promise<void> {
  const removed = await db().$transaction(async (tx) => {
    await lockHome(tx, propertyId);
    const live = await tx.tourImport.findMany({
      where: { propertyId, state: { in: ["importing", "imported"] } },
      select: { id: true },
    });
    const ids = live.map((run) => run.id);
    await tx.homeTour.deleteMany({ where: { propertyId } });
    await tx.tourImage.deleteMany({ where: { importId: { in: ids } } });
    await tx.tourImport.updateMany({ where: { id: { in: ids } }, data: { state: "removed", finishedAt: new Date() } });
    return ids;
  });
  await deleteTourImagery(storage, propertyId, removed);
}
