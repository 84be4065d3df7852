import "server-only";
import { defineOperation } from "../http/operation";
import { getHome } from "../properties/get-home";
import { homeSetupBodyLimitBytes } from "../properties/home-setup";
import { removeTour } from "../tours/remove-tour";
import { removedTourRecord, setTourBody, tourPathParams, tourQuery, tourRecord } from "../tours/schemas";
import { serializeRemovedTour, serializeTour } from "../tours/serializers";
import { setTour } from "../tours/set-tour";
import { homeRule } from "./home-setup-docs";

const path = "/v1/properties/{property_id}/tour";

export const putTour = defineOperation({
  method: "PUT",
  auth: "partnerKey",
  path,
  operationId: "setTour",
  tag: "Home setup",
  summary: "Set the home's virtual tour and import it",
  description:
    "Names the home's virtual tour and imports its imagery as baseline imagery; follow `setup.tour.state` on the " +
    "property record.\n\n" +
    "- A new tour, or one whose import failed, starts an import: `202` with `state: importing`.\n" +
    "- The same tour while it imports: `202`, the running import continues.\n" +
    "- The tour already imported and in use: `200` with `state: imported`; nothing is imported.\n" +
    "- A different tour while one imports: `409 tour_import_in_progress`, `detail.importing` names the running tour " +
    "and `detail.import_id` its import.\n" +
    "- A different tour while one is imported: the old tour stays in use until the new import succeeds; if it fails, " +
    "the old tour stays in use and `setup.tour.state` reads `failed` for the tour sent.\n" +
    "- A photo import running for the home blocks any new tour: `409 baseline_import_in_progress` with " +
    "`detail.import_id` when it is the partner's; a property manager's upload has no readable id, so then " +
    "`detail` is absent (wait until `setup.baseline_photos.state` leaves `importing`).\n\n" +
    "Imports of photos and tours of all workspaces queue behind each other, so a tour may stay `importing` for " +
    "some minutes. A `url` that is not a tour link of either accepted form is `400 invalid_request` with " +
    `\`detail.parameter: "url"\`.\n\n${homeRule}`,
  params: tourPathParams,
  query: tourQuery,
  body: setTourBody,
  bodyLimitBytes: homeSetupBodyLimitBytes,
  responses: {
    200: { description: "The tour sent is already imported and in use", schema: tourRecord },
    202: { description: "The tour sent is importing", schema: tourRecord },
  },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "property_not_found",
    "tour_import_in_progress",
    "baseline_import_in_progress",
    "payload_too_large",
  ],
  async handler({ caller, params, query, body }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    const outcome = await setTour(workspace.partnerId, property.id, body.url);
    return { status: outcome.status, body: serializeTour(workspace, property, outcome) };
  },
});

export const deleteTour = defineOperation({
  method: "DELETE",
  auth: "partnerKey",
  path,
  operationId: "removeTour",
  tag: "Home setup",
  summary: "Remove the home's virtual tour",
  description:
    "Idempotent (`200` even when the home has no tour). A running tour import is stopped and the tour's imported " +
    "imagery is deleted: inspections from the next one on no longer use it. Photos and the baseline video are " +
    `unaffected.\n\n${homeRule}`,
  params: tourPathParams,
  query: tourQuery,
  responses: { 200: { description: "The home has no tour", schema: removedTourRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "property_not_found"],
  async handler({ caller, params, query }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    await removeTour(property.id);
    return { status: 200, body: serializeRemovedTour(workspace, property) };
  },
});
