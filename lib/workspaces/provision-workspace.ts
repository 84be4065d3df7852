import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { Workspace } from "../generated/prisma/client";

export interface ProvisionInput {
  partnerId: string;
  keyId: string;
  workspaceId: string;
  name: string;
  /** Provisioned with a sandbox key: a sandbox workspace (lib/workspaces/workspace-kind.ts). */
  sandbox?: boolean;
  /** Runs only when the workspace does not exist yet: creation is rate limited, repeats are not. */
  beforeCreate?: () => Promise<void>;
}

async function findWorkspace(partnerId: string, workspaceId: string): Promise<Workspace | null> {
  return db().workspace.findUnique({ where: { partnerId_externalId: { partnerId, externalId: workspaceId } } });
}

/** One workspace_id names one workspace: a key of the other kind cannot take it (409, not 404: it is a create). */
function assertSameKind(workspace: Workspace, sandbox: boolean): Workspace {
  if (workspace.sandbox !== sandbox) throw new ApiError("workspace_kind_conflict", { detail: { parameter: "workspace_id" } });
  return workspace;
}

/**
 * Create-or-return keyed on (partner, caller's workspace id). A repeat returns the account as
 * held and never renames it; concurrent creates meet at the unique index, so exactly one wins.
 */
export async function provisionWorkspace(given: ProvisionInput): Promise<{ workspace: Workspace; created: boolean }> {
  const input = { ...given, sandbox: given.sandbox ?? false };
  const existing = await findWorkspace(input.partnerId, input.workspaceId);
  if (existing) return { workspace: assertSameKind(existing, input.sandbox), created: false };

  await input.beforeCreate?.();
  const inserted = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO workspace (id, partner_id, external_id, name, created_by_key_id, sandbox)
    VALUES (gen_random_uuid(), ${input.partnerId}::uuid, ${input.workspaceId}, ${input.name}, ${input.keyId}::uuid, ${input.sandbox})
    ON CONFLICT (partner_id, external_id) DO NOTHING
    RETURNING id`;
  const workspace = await findWorkspace(input.partnerId, input.workspaceId);
  if (!workspace) throw new Error("workspace vanished right after provisioning");
  return { workspace: assertSameKind(workspace, input.sandbox), created: inserted.length > 0 };
}
