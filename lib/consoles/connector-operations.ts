import "server-only";
import { z } from "zod";
import type { EventTrack } from "../generated/prisma/enums";
import { connectors } from "../connectors/catalog";
import { ConnectorRefusal, disableConnector, enableConnector, enabledConnectors } from "../connectors/enablement";
import { setEventTrack } from "../partners/set-event-track";
import { ApiError } from "../errors/api-error";
import { type Actor, recordAudit } from "./audit";
import { parseInput } from "../validation/parse-input";
import { partnerWorkspace } from "./partner-workspace";
import { connectorSwitchBody } from "./schemas";

/*
 * Connectors per workspace and the partner's event track: what the staff CLI and the admin
 * console both call, each change audited.
 */

/** A catalogued connector, and since when it is on for the workspace (absent: off). */
export const connectorRow = z.object({
  platform: z.string(),
  name: z.string(),
  status: z.enum(["available", "request_access"]),
  enabledAt: z.iso.datetime().optional(),
});
export type ConnectorRow = z.infer<typeof connectorRow>;

/** Every catalogued connector with whether it is on for the workspace. */
export async function connectorsOf(partnerId: string, workspaceUuid: string): Promise<ConnectorRow[]> {
  const workspace = await partnerWorkspace(partnerId, workspaceUuid);
  const enabled = new Map((await enabledConnectors(workspace.id)).map((row) => [row.platform, row.enabledAt]));
  return connectors.map((connector) => ({
    platform: connector.platform,
    name: connector.name,
    status: connector.status,
    enabledAt: enabled.get(connector.platform)?.toISOString(),
  }));
}

/** `{ platform, enabled }`, checked after the workspace is found (an unknown one is 404 whatever the body says). */
export async function setConnectorAs(actor: Actor, partnerId: string, workspaceUuid: string, input: unknown) {
  const workspace = await partnerWorkspace(partnerId, workspaceUuid);
  const { platform, enabled: on } = parseInput(connectorSwitchBody, input);
  let changed: boolean;
  try {
    changed = on ? await enableConnector(workspace.id, platform) : await disableConnector(workspace.id, platform);
  } catch (error) {
    if (error instanceof ConnectorRefusal) throw new ApiError("invalid_request", { message: error.message });
    throw error;
  }
  if (changed)
    await recordAudit({
      actor,
      partnerId,
      action: on ? "connector.enable" : "connector.disable",
      objectType: "workspace",
      objectId: workspace.id,
      detail: { platform },
    });
  return { platform, enabled: on, changed };
}

/** `track` as the `eventTrack` schema parsed it (the console's PATCH, the CLI's `partner track`). */
export async function setEventTrackAs(actor: Actor, partnerId: string, track: EventTrack) {
  const result = await setEventTrack(partnerId, track);
  if (result.previous !== result.track)
    await recordAudit({
      actor,
      partnerId,
      action: "partner.set_event_track",
      objectType: "partner",
      objectId: partnerId,
      detail: { from: result.previous, to: result.track },
    });
  return result;
}
