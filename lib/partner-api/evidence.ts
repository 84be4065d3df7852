import "server-only";
import { getEvidence } from "../evidence/get-evidence";
import { evidenceRecord, serializeEvidence } from "../evidence/schemas";
import { defineOperation } from "../http/operation";
import { findPartnerInspection } from "../inspections/find-partner-inspection";
import { inspectionPathParams } from "../inspections/schemas";
import { workspaceQuery } from "../roster/schemas";

export const readInspectionEvidence = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/inspections/{inspection_id}/evidence",
  operationId: "getInspectionEvidence",
  tag: "Recording links and inspections",
  summary: "Get the walkthrough's signed evidence records and packet",
  description:
    "Claim-grade evidence, from `inspection.recording_completed` onward. `recording_record` is signed when the " +
    "walkthrough is sealed, `report_record` when the report is released (omitted before); both are compact JWS " +
    "(`alg` `EdDSA`) that verify against the keys at `jwks_url` with any JOSE library or `openssl`. `packet.download_url` " +
    "is signed for 900 seconds: a ZIP of the sealed video, the uploaded parts as the phone sent them " +
    "(`parts/run-<run>/<index>.part`, each hashing to the record's `parts[].sha256`), stills, before pictures, both " +
    "records, the home's previous recording record (`previous-recording-record.jws`, when the record has `home_chain`), " +
    "the report PDF once released (`report.pdf`, for reading: the report record is the evidence) and `VERIFY.txt`, " +
    "made as it is downloaded. `409 video_not_ready`: not sealed yet, call again after " +
    "`inspection.recording_completed`. `404 video_not_available`: a recording that could not be processed; do not poll. " +
    "`404 not_found`: no such inspection in the workspace.",
  params: inspectionPathParams,
  query: workspaceQuery,
  responses: { 200: { description: "The evidence", schema: evidenceRecord } },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "not_found",
    "video_not_ready",
    "video_not_available",
  ],
  async handler({ caller, params, query }) {
    const inspection = await findPartnerInspection(caller.partnerId, query.workspace_id, params.inspection_id);
    return { status: 200, body: serializeEvidence(await getEvidence(inspection)) };
  },
});
