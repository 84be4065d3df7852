import "server-only";
import { db } from "../db/client";
import { enqueue } from "../queue/enqueue";
import { lockHomeImports, photoImportInProgress, tourImportInProgress } from "../properties/home-imports";
import type { TourLink } from "./tour-url";

export interface TourOutcome {
  /** 202 when an import runs for the tour sent, 200 when it is already the imported tour. */
  status: 200 | 202;
  url: string;
  state: "importing" | "imported";
}

/**
 * The tour PUT, following the spec's tour state table under the home's row lock: the same tour
 * while it imports continues (202); a different one while a tour imports is refused (409,
 * `detail.importing`); the same tour already imported is 200 and imports nothing; anything else
 * starts an import (202) while the tour in use, if any, stays in use until the new one succeeds.
 * A running photo import blocks every new tour (409 `baseline_import_in_progress`). The import
 * runs in the partner's share of the import queue (`partnerId`: the workspace's partner).
 */
export async function setTour(partnerId: string, propertyId: string, link: TourLink): Promise<TourOutcome> {
  return db().$transaction(async (tx) => {
    const running = await lockHomeImports(tx, propertyId);
    if (running.tour) {
      if (running.tour.modelId === link.modelId) return { status: 202, url: running.tour.url, state: "importing" };
      throw tourImportInProgress(running.tour);
    }
    if (running.photoImport) throw photoImportInProgress(running.photoImport);
    const home = await tx.homeTour.findUnique({ where: { propertyId }, include: { inUseImport: true } });
    // The tour sent is the one in use (it is named, or a later different tour failed): nothing to import.
    if (home?.inUseImport?.modelId === link.modelId) {
      await tx.homeTour.update({ where: { propertyId }, data: { namedImportId: home.inUseImport.id } });
      return { status: 200, url: home.inUseImport.url, state: "imported" };
    }
    const created = await tx.tourImport.create({ data: { propertyId, url: link.url, modelId: link.modelId } });
    await tx.homeTour.upsert({
      where: { propertyId },
      create: { propertyId, namedImportId: created.id },
      update: { namedImportId: created.id },
    });
    await enqueue("import-baseline", { kind: "tour", importId: created.id, partnerId }, { tx });
    return { status: 202, url: created.url, state: "importing" };
  });
}
