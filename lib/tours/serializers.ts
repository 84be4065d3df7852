import "server-only";
import type { Property, Workspace } from "../generated/prisma/client";
import type { TourOutcome } from "./set-tour";

type Ids = [workspace: Pick<Workspace, "externalId">, property: Pick<Property, "externalId">];

/** The tour PUT's answer: the tour sent and its state. */
export function serializeTour(...[workspace, property, outcome]: [...Ids, TourOutcome]) {
  return {
    workspace_id: workspace.externalId,
    property_id: property.externalId,
    tour: { url: outcome.url, state: outcome.state },
  };
}

/** The tour DELETE's answer: the home has none. */
export function serializeRemovedTour(...[workspace, property]: Ids) {
  return { workspace_id: workspace.externalId, property_id: property.externalId, tour: { state: "none" as const } };
}
