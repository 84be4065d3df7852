import "server-only";
import type { ChecklistType, Property, Workspace } from "../generated/prisma/client";
import type { StoredChecklist } from "./items";

/**
 * The Checklist resource (spec, Checklist): `type` always echoed; with no list of the home's own,
 * `items: []` and no `updated_at`.
 */
export function serializeChecklist(
  workspace: Pick<Workspace, "externalId">,
  property: Pick<Property, "externalId">,
  type: ChecklistType,
  checklist: StoredChecklist | null,
) {
  return {
    workspace_id: workspace.externalId,
    property_id: property.externalId,
    type,
    items: (checklist?.items ?? []).map((item) => ({ id: item.id, name: item.name, notes: item.notes })),
    updated_at: checklist?.updatedAt.toISOString(),
  };
}
