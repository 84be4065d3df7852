import "server-only";
import { db } from "../db/client";
import type { Workspace } from "../generated/prisma/client";

export interface ProvisionInput {
  partnerId: string;
  keyId: string;
  workspaceId: string;
  name: string;
  /** Runs only when the workspace does not exist yet: creation is rate limited, repeats are not. */
  beforeCreate?: () => Promise<void>;
}

async function findWorkspace(partnerId: string, workspaceId: string): Promise<Workspace | null> {
  return db().workspace.findUnique({ where: { partnerId_externalId: { partnerId, externalId: workspaceId } } });
}

/**
 * Create-or-return keyed on (partner, caller's workspace id). A repeat returns the account as
 * held and never renames it; concurrent creates meet at the unique index, so exactly one wins.
 */
export async function provisionWorkspace(input: ProvisionInput): Promise<{ workspace: Workspace; created: boolean }> {
  const existing = await findWorkspace(input.partnerId, input.workspaceId);
  if (existing) return { workspace: existing, created: false };

  await input.beforeCreate?.();
  const inserted = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO workspace (id, partner_id, external_id, name, created_by_key_id)
    VALUES (gen_random_uuid(), ${input.partnerId}::uuid, ${input.workspaceId}, ${input.name}, ${input.keyId}::uuid)
    ON CONFLICT (partner_id, external_id) DO NOTHING
    RETURNING id`;
  const workspace = await findWorkspace(input.partnerId, input.workspaceId);
  if (!workspace) throw new Error("workspace vanished right after provisioning");
  return { workspace, created: inserted.length > 0 };
}
