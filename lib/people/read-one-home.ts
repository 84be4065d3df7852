import "server-only";
import { db } from "../db/client";
import type { SeatRole } from "../generated/prisma/enums";
import { mediaStorage } from "../media/media-storage";
import { addressLine } from "../reports/read-report";
import { isUuid } from "../validation/uuid";
import { roleIn } from "./access";
import { type HomeSummary, readHomes } from "./read-home";
import { type InspectionRow, readInspections } from "./read-inspections";

const thumbnails = 12;
const history = 50;

export interface OneHome {
  home: HomeSummary & { address?: string };
  role: SeatRole;
  /** The newest baseline photos, as signed links (900 s, as every media link). */
  photos: { id: string; url: string; width: number; height: number }[];
  inspections: InspectionRow[];
  truncated: boolean;
}

/**
 * One home's page for a person with a seat in its workspace, or undefined: no such home and no
 * seat there read the same, so the page reveals nothing.
 */
export async function readOneHome(userId: string, propertyId: string): Promise<OneHome | undefined> {
  if (!isUuid(propertyId)) return undefined;
  const property = await db().property.findUnique({ where: { id: propertyId } });
  if (property === null) return undefined;
  const role = await roleIn(userId, property.workspaceId);
  if (role === undefined) return undefined;
  const [[home], photos, inspections] = await Promise.all([
    readHomes([property.workspaceId], propertyId),
    db().baselinePhoto.findMany({
      where: { propertyId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: thumbnails,
      select: { id: true, storageKey: true, width: true, height: true },
    }),
    readInspections([property.workspaceId], { propertyId }, history),
  ]);
  const storage = mediaStorage();
  return {
    home: { ...home!, address: addressLine(property) },
    role,
    photos: await Promise.all(
      photos.map(async (photo) => ({
        id: photo.id,
        url: (await storage.signedUrl(photo.storageKey)).url,
        width: photo.width,
        height: photo.height,
      })),
    ),
    inspections: inspections.rows,
    truncated: inspections.truncated,
  };
}
