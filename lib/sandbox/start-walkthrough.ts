import "server-only";
import { pool } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { SandboxOutcome } from "../generated/prisma/enums";
import { assertPartnerActive, type Caller } from "../partners/partner-caller";
import { enqueue } from "../queue/enqueue";
import { findRecorderTask } from "../recording/find-recorder-task";
import { getRecordingLink } from "../recording/get-recording-link";
import { openInspection } from "../recording/open-inspection";
import { workspaceKindOf } from "../workspaces/workspace-kind";

export interface SandboxWalkthroughRequest {
  workspaceId: string;
  propertyId: string;
  taskId: string;
  outcome: SandboxOutcome;
}

/**
 * `POST /v1/sandbox/walkthroughs`: a simulated walkthrough in a sandbox workspace, through the
 * real pipeline. Here, at once: the workspace must be a sandbox one (`403 sandbox_only` in a live
 * one), then the recording link is issued for the task exactly as `GET /v1/recording-link` issues
 * it (its refusals, in its order: roster, property, activation, service), and the walkthrough is
 * opened, so its `inspection_id` exists. The phone's part (upload, taps, Done) is a job
 * (`sandbox-walkthrough`, play-walkthrough.ts), which survives a restart.
 *
 * The same task again answers the same inspection; the outcome is the first call's (the
 * walkthrough's analysis is chosen once).
 */
export async function startSandboxWalkthrough(
  caller: Caller,
  request: SandboxWalkthroughRequest,
): Promise<{ inspectionId: string }> {
  const kind = await workspaceKindOf(caller.partnerId, request.workspaceId);
  if (!kind) throw new ApiError("workspace_not_provisioned");
  // The recording link's order: the workspace, then a paused integration, then what this call adds.
  assertPartnerActive(caller);
  if (!kind.sandbox) {
    throw new ApiError("sandbox_only", {
      message: "This is a live workspace: simulated walkthroughs run only in sandbox workspaces, provisioned with a sandbox key.",
    });
  }
  const link = await getRecordingLink(caller, {
    workspaceId: request.workspaceId,
    propertyId: request.propertyId,
    taskId: request.taskId,
  });
  const task = await findRecorderTask(link.token);
  if (!task) throw new Error("the sandbox walkthrough's task vanished right after its link was issued");
  await pool().query("UPDATE task SET sandbox_outcome = $2 WHERE id = $1 AND sandbox_outcome IS NULL", [
    task.taskId,
    request.outcome,
  ]);
  const inspectionId = await openInspection(task);
  await enqueue("sandbox-walkthrough", { inspectionId, partnerId: caller.partnerId });
  return { inspectionId };
}
