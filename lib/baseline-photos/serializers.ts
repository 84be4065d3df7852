import "server-only";
import type { PhotoImport, Property, Workspace } from "../generated/prisma/client";
import type { PhotoImportWithPhotos } from "./get-photo-import";
import { photoUrls } from "./photo-urls";

export function serializePhotoImportCreated(
  workspace: Pick<Workspace, "externalId">,
  property: Pick<Property, "externalId">,
  run: PhotoImport,
) {
  return {
    workspace_id: workspace.externalId,
    property_id: property.externalId,
    import_id: run.id,
    state: "importing" as const,
    accepted: run.accepted,
  };
}

/** The spec's Baseline photo import: counts come from the per-photo outcomes recorded so far. */
export function serializePhotoImport(
  workspace: Pick<Workspace, "externalId">,
  property: Pick<Property, "externalId">,
  run: PhotoImportWithPhotos,
) {
  const urls = photoUrls(run.urls);
  const count = (outcome: string) => run.photos.filter((photo) => photo.outcome === outcome).length;
  return {
    workspace_id: workspace.externalId,
    property_id: property.externalId,
    import_id: run.id,
    state: run.state,
    accepted: run.accepted,
    stored: count("stored"),
    duplicates: count("duplicate"),
    failed: run.photos
      .filter((photo) => photo.outcome === "failed")
      .map((photo) => ({ index: photo.index, url: urls[photo.index] ?? "", reason: photo.reason ?? "fetch_failed" })),
    error: run.error ?? undefined,
  };
}
