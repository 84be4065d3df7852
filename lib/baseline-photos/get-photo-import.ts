import "server-only";
import { db, type Tx } from "../db/client";
import type { PhotoImport, PhotoImportPhoto, Property } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../validation/uuid";

export type PhotoImportWithPhotos = PhotoImport & { photos: PhotoImportPhoto[] };

/**
 * One import of the home with its per-photo outcomes. Another home's or workspace's id answers
 * exactly like an unknown one (spec: `404 not_found`), and so does an id that is not a uuid, and
 * a property manager's upload.
 */
export async function getPhotoImport(
  property: Pick<Property, "id">,
  importId: string,
  tx: Tx = db(),
): Promise<PhotoImportWithPhotos> {
  const found = isUuid(importId)
    ? await tx.photoImport.findFirst({
        // A manager's upload is not the partner's to read: it answers like an unknown id.
        where: { id: importId, propertyId: property.id, origin: "partner" },
        include: { photos: { orderBy: { index: "asc" } } },
      })
    : null;
  if (!found) throw new ApiError("not_found", { message: "No photo import with this import_id for this home." });
  return found;
}
