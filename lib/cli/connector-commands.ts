import "server-only";
import { cliActor } from "../consoles/audit";
import { connectorsOf, setConnectorAs, setEventTrackAs } from "../consoles/connector-operations";
import { parseInput } from "../validation/parse-input";
import { eventTrack } from "../consoles/schemas";
import { type Command, partnerOption, requiredOption } from "./command";
import { table } from "./output";
import { requireWorkspace, workspaceOption } from "./workspace-option";

/*
 * Connectors per workspace, and the partner's event track: the same actions as the admin
 * console, audited as the staff CLI.
 */

const list: Command = {
  name: "connectors list",
  args: "--partner <id> --workspace <workspace_id>",
  summary: "every catalogued connector and whether it is enabled for the workspace",
  options: ["partner", "workspace"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    return async () => {
      const rows = await connectorsOf(partnerId, (await requireWorkspace(partnerId, workspaceId)).id);
      return {
        json: {
          partner_id: partnerId,
          workspace_id: workspaceId,
          connectors: rows.map((row) => ({ platform: row.platform, status: row.status, enabled_at: row.enabledAt })),
        },
        text: table(
          ["PLATFORM", "STATUS", "ENABLED"],
          rows.map((row) => [row.platform, row.status, row.enabledAt ?? "no"]),
        ),
      };
    };
  },
};

function switchCommand(verb: "enable" | "disable"): Command {
  return {
    name: `connectors ${verb}`,
    args: "--partner <id> --workspace <workspace_id> --platform <platform>",
    summary:
      verb === "enable"
        ? "turn a connector on for a workspace (only `available` ones)"
        : "turn a connector off for a workspace; what it read stays",
    options: ["partner", "workspace", "platform"],
    prepare(options) {
      const partnerId = partnerOption(options);
      const workspaceId = workspaceOption(options);
      const platform = requiredOption(options, "platform").trim();
      return async () => {
        const workspace = await requireWorkspace(partnerId, workspaceId);
        const result = await setConnectorAs(cliActor, partnerId, workspace.id, { platform, enabled: verb === "enable" });
        return {
          json: { partner_id: partnerId, workspace_id: workspaceId, platform, enabled: result.enabled, changed: result.changed },
          text: `${platform} is ${result.enabled ? "enabled" : "disabled"} for ${workspaceId}${result.changed ? "." : " (it already was)."}`,
        };
      };
    },
  };
}

const track: Command = {
  name: "partner track",
  args: "--partner <id> --track inspections|reservations",
  summary: "which events the partner receives: the inspection events, or workspace.* and reservation.*",
  options: ["partner", "track"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const value = requiredOption(options, "track").trim();
    return async () => {
      const result = await setEventTrackAs(cliActor, partnerId, parseInput(eventTrack, value));
      return {
        json: { partner_id: partnerId, event_track: result.track, previous: result.previous },
        text: `Partner ${partnerId}: event track ${result.previous} -> ${result.track}.`,
      };
    };
  },
};

export const connectorCommands: Command[] = [list, switchCommand("enable"), switchCommand("disable"), track];
