import "server-only";
import { requirePartner } from "../partners/require-partner";
import { defaultSandboxOutcome, sandboxOutcomes } from "../sandbox/sandbox-outcome";
import { startSandboxWalkthrough } from "../sandbox/start-walkthrough";
import type { SandboxOutcome } from "../generated/prisma/enums";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption } from "./command";
import { workspaceOption } from "./workspace-option";

function outcomeOption(options: OptionValues): SandboxOutcome {
  if (options.outcome === undefined) return defaultSandboxOutcome;
  const value = options.outcome.trim();
  const known = sandboxOutcomes.find((outcome) => outcome === value);
  if (!known) throw new InvalidArgumentError(`--outcome must be one of ${sandboxOutcomes.join(", ")}; got "${value}".`);
  return known;
}

const walkthrough: Command = {
  name: "sandbox walkthrough",
  args: "--partner <id> --workspace <workspace_id> --property <property_id> --task <task_id> [--outcome clean|findings|missed]",
  summary:
    "run a simulated walkthrough in a sandbox workspace through the real pipeline (the partner's receiver gets its events)",
  options: ["partner", "workspace", "property", "task", "outcome"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const propertyId = requiredOption(options, "property");
    const taskId = requiredOption(options, "task");
    const outcome = outcomeOption(options);
    return async () => {
      const partner = await requirePartner(partnerId);
      // Staff act as the partner's sandbox key would: the same refusals, the same walkthrough.
      const caller = { partnerId, keyId: "", scopes: [], sandbox: true, partnerActive: partner.status === "active" };
      const { inspectionId } = await startSandboxWalkthrough(caller, { workspaceId, propertyId, taskId, outcome });
      return {
        json: { inspection_id: inspectionId },
        text: `Started sandbox walkthrough ${inspectionId} (${outcome}) for task "${taskId}" in workspace "${workspaceId}".`,
      };
    };
  },
};

export const sandboxCommands: Command[] = [walkthrough];
