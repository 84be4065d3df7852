import "server-only";
import type { Workspace } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { requirePartner } from "../partners/require-partner";
import { getWorkspace } from "../workspaces/get-workspace";
import { type OptionValues, requiredOption } from "./command";

/** The partner's workspace id, exactly as the partner sends it: opaque, so never trimmed. */
export function workspaceOption(options: OptionValues): string {
  return requiredOption(options, "workspace");
}

/** The partner's workspace by its id, or a refusal that names both. */
export async function requireWorkspace(partnerId: string, workspaceId: string): Promise<Workspace> {
  await requirePartner(partnerId);
  try {
    return await getWorkspace(partnerId, workspaceId);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`No workspace "${workspaceId}" for partner ${partnerId}.`);
    throw error;
  }
}
