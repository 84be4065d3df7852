import "server-only";
import { getPhotoImport } from "../baseline-photos/get-photo-import";
import {
  baselinePhotosPathParams,
  baselinePhotosQuery,
  importPhotosBody,
  maxPhotosPerImport,
  photoImportCreated,
  photoImportPathParams,
  photoImportRecord,
} from "../baseline-photos/schemas";
import { serializePhotoImport, serializePhotoImportCreated } from "../baseline-photos/serializers";
import { submitPhotoImport } from "../baseline-photos/submit-photo-import";
import { defineOperation } from "../http/operation";
import { getHome } from "../properties/get-home";
import { homeRule } from "./home-setup-docs";
import { homeSetupBodyLimitBytes } from "../properties/home-setup";

const fetchRules =
  "Fetch rules, refused per photo with a `reason` (never for the whole batch): `https` on the default port, up to " +
  "2,048 characters, no credentials (`invalid_url`); public hosts only, and so for every redirect " +
  "(`private_address`); at most three redirects (`too_many_redirects`); JPEG, PNG or WebP with a matching " +
  "`Content-Type` and matching bytes, up to 100 megapixels (`unsupported_content_type`, `content_mismatch`); up to " +
  "15 MB (`too_large`); 20 seconds per photo (`timeout`). No cookies and no authorization header are sent.";

export const createBaselinePhotoImport = defineOperation({
  method: "POST",
  auth: "partnerKey",
  path: "/v1/properties/{property_id}/baseline-photos",
  operationId: "importBaselinePhotos",
  tag: "Home setup",
  summary: "Import baseline photos of a home from URLs",
  description:
    `Starts an import of 1 to ${maxPhotosPerImport} photos; poll its record until \`state\` is \`imported\` or ` +
    "`failed`. Photos add to the home's baseline and never replace it: a photo the home already holds (the same " +
    "bytes, from any source or from this request) counts in `duplicates` and adds nothing. One import runs per home " +
    "at a time, photos and tours together: another POST while photos import is `409 baseline_import_in_progress`, and " +
    "one while a tour imports is `409 tour_import_in_progress`, each with `detail.import_id`. Photos a property " +
    "manager uploads from the web app run as an import too, count in `setup.baseline_photos`, and block a POST with " +
    "`409 baseline_import_in_progress` without `detail` (their import has no id the API reads: wait until " +
    "`setup.baseline_photos.state` leaves `importing`). Imports " +
    "of all workspaces queue behind each other, so an import may stay `importing` for some minutes before its first " +
    "photo is fetched; do not time it out and resend.\n\n" +
    "A body that breaks the shape (missing or empty `photos`, more than 25, an item that is not an object, a " +
    "missing or non-string `url`, an unknown field) is `400` naming `detail.parameter` and, for an item, " +
    `\`detail.index\`.\n\n${fetchRules}\n\n${homeRule}`,
  params: baselinePhotosPathParams,
  query: baselinePhotosQuery,
  body: importPhotosBody,
  bodyLimitBytes: homeSetupBodyLimitBytes,
  responses: { 202: { description: "The import was accepted and is queued", schema: photoImportCreated } },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "property_not_found",
    "baseline_import_in_progress",
    "tour_import_in_progress",
    "payload_too_large",
  ],
  async handler({ caller, params, query, body }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    const run = await submitPhotoImport(
      workspace.partnerId,
      property,
      body.photos.map((photo) => photo.url),
    );
    return { status: 202, body: serializePhotoImportCreated(workspace, property, run) };
  },
});

export const readBaselinePhotoImport = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/properties/{property_id}/baseline-photos/imports/{import_id}",
  operationId: "getBaselinePhotoImport",
  tag: "Home setup",
  summary: "Read a baseline photo import",
  description:
    "The import with what it has reported so far: `stored + duplicates + failed.length == accepted` once it has " +
    "ended. An `import_id` of another home or workspace answers `404 not_found`, identical to an unknown one.\n\n" +
    homeRule,
  params: photoImportPathParams,
  query: baselinePhotosQuery,
  responses: { 200: { description: "The import record", schema: photoImportRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "property_not_found", "not_found"],
  async handler({ caller, params, query }) {
    const { workspace, property } = await getHome(caller.partnerId, query.workspace_id, params.property_id);
    const run = await getPhotoImport(property, params.import_id);
    return { status: 200, body: serializePhotoImport(workspace, property, run) };
  },
});
