import "server-only";
import type { Property } from "../generated/prisma/client";
import { getWorkspace, type WorkspaceWithFeed } from "../workspaces/get-workspace";
import { getProperty } from "./get-property";

/**
 * The workspace and the home a home-setup call addresses, refused in the spec's order:
 * `404 workspace_not_provisioned` before `404 property_not_found`.
 */
export async function getHome(
  partnerId: string,
  workspaceId: string,
  propertyId: string,
): Promise<{ workspace: WorkspaceWithFeed; property: Property }> {
  const workspace = await getWorkspace(partnerId, workspaceId);
  const property = await getProperty(workspace, propertyId);
  return { workspace, property };
}
