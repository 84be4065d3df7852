import { defineOperation } from "../http/operation";
import { getInspectionStatus } from "../inspections/get-inspection-status";
import { inspectionStatusQuery, inspectionStatusRecord } from "../inspections/schemas";
import { serializeInspectionStatus } from "../inspections/serializers";

export const readInspectionStatus = defineOperation({
  method: "GET",
  path: "/v1/inspections",
  operationId: "getInspectionStatus",
  tag: "Recording links and inspections",
  summary: "Read the status of a task's walkthrough",
  description:
    "Status poll, the fallback for webhooks and for backfill: poll at most once a minute per task. `pending` before the " +
    "cleaner opens the recording link (no `inspection_id`), `recording` after, `processing` once the walkthrough is " +
    "sealed (with `report: {status: processing, stage: analyzing}`). A task with no recording link in this workspace " +
    "answers `404 task_not_found`; an unknown workspace, or another partner's, `404 workspace_not_provisioned`.",
  query: inspectionStatusQuery,
  responses: { 200: { description: "The walkthrough's status", schema: inspectionStatusRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "task_not_found"],
  async handler({ caller, query }) {
    const read = await getInspectionStatus(caller.partnerId, query.workspace_id, query.task_id);
    return { status: 200, body: serializeInspectionStatus(read) };
  },
});
