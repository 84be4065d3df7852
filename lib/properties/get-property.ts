import "server-only";
import { db, type Tx } from "../db/client";
import type { Property, Workspace } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";

/**
 * A home of the workspace's roster by the caller's `property_id`, in any roster state: home setup
 * is allowed for `inactive` and `unconfirmed` homes too. Another workspace's id answers exactly
 * like an unknown one (spec, Home setup), so ids leak nothing across workspaces.
 */
export async function getProperty(workspace: Pick<Workspace, "id">, propertyId: string, tx: Tx = db()): Promise<Property> {
  const property = await tx.property.findUnique({
    where: { workspaceId_externalId: { workspaceId: workspace.id, externalId: propertyId } },
  });
  if (!property) {
    throw new ApiError("property_not_found", { message: "No property with this property_id is in the workspace's roster." });
  }
  return property;
}
