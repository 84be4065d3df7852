import "server-only";
import { z } from "zod";
import { requirePartner } from "../partners/require-partner";
import { sandboxOutcomes } from "../sandbox/sandbox-outcome";
import { startSandboxWalkthrough } from "../sandbox/start-walkthrough";
import { type Actor, recordAudit } from "./audit";

/** "Run a sandbox walkthrough": a sandbox workspace and home by the partner's ids; the task id is made when left out. */
export const sandboxWalkthroughBody = z.object({
  workspaceId: z.string({ error: "must be the sandbox workspace's id" }).min(1, "must be the sandbox workspace's id"),
  propertyId: z.string({ error: "must be a home's id from the roster" }).min(1, "must be a home's id from the roster"),
  taskId: z.string().min(1).max(1000).optional(),
  outcome: z.enum(sandboxOutcomes, { error: `must be one of ${sandboxOutcomes.join(", ")}` }).default("findings"),
});
export type SandboxWalkthroughBody = z.infer<typeof sandboxWalkthroughBody>;

/**
 * A simulated walkthrough started from a console, exactly as the partner's sandbox key starts one
 * (`POST /v1/sandbox/walkthroughs`): the same refusals (`sandbox_only` in a live workspace), the
 * same pipeline and events. Answers the inspection and the task it runs under.
 */
export async function runSandboxWalkthroughAs(actor: Actor, partnerId: string, body: SandboxWalkthroughBody) {
  const partner = await requirePartner(partnerId);
  const taskId = body.taskId ?? `console-${crypto.randomUUID()}`;
  const caller = { partnerId, keyId: "", scopes: [], sandbox: true, partnerActive: partner.status === "active" };
  const { inspectionId } = await startSandboxWalkthrough(caller, {
    workspaceId: body.workspaceId,
    propertyId: body.propertyId,
    taskId,
    outcome: body.outcome,
  });
  await recordAudit({
    actor,
    partnerId,
    action: "sandbox.walkthrough",
    objectType: "inspection",
    objectId: inspectionId,
    detail: { workspace_id: body.workspaceId, outcome: body.outcome },
  });
  return { inspectionId, taskId };
}
