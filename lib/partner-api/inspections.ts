import "server-only";
import { defineOperation } from "../http/operation";
import { findPartnerInspection } from "../inspections/find-partner-inspection";
import { getFindings } from "../inspections/get-findings";
import { getInspectionStatus } from "../inspections/get-inspection-status";
import { getVideo } from "../inspections/get-video";
import { workspaceQuery } from "../roster/schemas";
import {
  findingsRecord,
  inspectionPathParams,
  inspectionStatusQuery,
  inspectionStatusRecord,
  videoRecord,
} from "../inspections/schemas";
import { serializeFindings, serializeInspectionStatus, serializeVideo } from "../inspections/serializers";

const tag = "Recording links and inspections";

export const readInspectionStatus = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/inspections",
  operationId: "getInspectionStatus",
  tag,
  summary: "Read the status of a task's walkthrough",
  description:
    "Status poll, the fallback for webhooks and for backfill: poll at most once a minute per task. `pending` before the " +
    "cleaner opens the recording link (no `inspection_id`), `recording` after, `processing` once the walkthrough is " +
    "sealed (with `report: {status: processing, stage: analyzing}`), `completed` once the report is released (with " +
    "`report: {status: ready, report_url}`, and `report_url` and `completed_at` at the top level), or `failed`. " +
    "`checklist` (with `media_expires_in`) as soon as the walkthrough has results, on any status, omitted when the home " +
    "has no checklist; every read signs its pictures afresh. A task with no recording link in this workspace answers " +
    "`404 task_not_found`; an unknown workspace, or another partner's, `404 workspace_not_provisioned`.",
  query: inspectionStatusQuery,
  responses: { 200: { description: "The walkthrough's status", schema: inspectionStatusRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "task_not_found"],
  async handler({ caller, query }) {
    const read = await getInspectionStatus(caller.partnerId, query.workspace_id, query.task_id);
    return { status: 200, body: serializeInspectionStatus(read) };
  },
});

export const readInspectionFindings = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/inspections/{inspection_id}/findings",
  operationId: "getInspectionFindings",
  tag,
  summary: "Read the findings of a released report",
  description:
    "Every finding in one answer (at most 5,000, no pagination), in a stable order that carries no meaning, with the " +
    "checklist result block. `evidence.before` and `evidence.after` are always present (either may be `[]`); media URLs " +
    "are signed per request for `media_expires_in` seconds: fetch them with a plain GET, no auth header, read the format " +
    "from `Content-Type`, and store bytes, not URLs. Before release, while a report can still come: `409 " +
    "report_not_ready`. A `failed` inspection never gets one: `404 report_not_available`, with its failure reason in " +
    "`detail.reason`; do not poll. An unknown inspection id, or another workspace's, answers `404 not_found`.",
  params: inspectionPathParams,
  query: workspaceQuery,
  responses: { 200: { description: "The findings", schema: findingsRecord } },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "not_found",
    "report_not_available",
    "report_not_ready",
  ],
  errorDetail: {
    404: {
      reason: {
        type: "string",
        description:
          "On `report_not_available` only: why the inspection failed, as `inspection.failed`'s `reason` (e.g. " +
          "`recording_unprocessable`, `wrong_property`); treat an unknown value like `other`.",
      },
    },
  },
  async handler({ caller, params, query }) {
    const inspection = await findPartnerInspection(caller.partnerId, query.workspace_id, params.inspection_id);
    return { status: 200, body: serializeFindings(await getFindings(inspection)) };
  },
});

export const readInspectionVideo = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/inspections/{inspection_id}/video",
  operationId: "getInspectionVideo",
  tag,
  summary: "Get a fresh download link for the walkthrough video",
  description:
    "One video per inspection, available from `inspection.recording_completed` onward, before the report. " +
    "`download_url` is signed for `media_expires_in` (900) seconds until `expires_at`: fetch it with a plain GET, no auth " +
    "header; it answers byte ranges. `409 video_not_ready`: not recorded yet or still being processed, call again after " +
    "`inspection.recording_completed`. `404 video_not_available`: a recording that could not be processed; do not poll. " +
    "`404 not_found`: no such inspection in the workspace. `503 service_unavailable`: no link could be made; retry.",
  params: inspectionPathParams,
  query: workspaceQuery,
  responses: { 200: { description: "The video", schema: videoRecord } },
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
    return { status: 200, body: serializeVideo(await getVideo(inspection)) };
  },
});
