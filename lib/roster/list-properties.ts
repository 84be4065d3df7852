import "server-only";
import { db, type Tx } from "../db/client";
import { Prisma, type Property, type Workspace } from "../generated/prisma/client";
import { decodeCursor, encodeCursor } from "../http/cursor";
import { noSetupProgress, type SetupProgress, setupProgress } from "../properties/setup-progress";
import { getWorkspace, type WorkspaceWithFeed } from "../workspaces/get-workspace";

/**
 * A listed property with what its `setup` block needs: its own housekeeping list's item count,
 * if it has one, and the progress of its photos and tour.
 */
export type ListedProperty = Property & { checklists: { itemCount: number }[]; setup: SetupProgress };

export interface PageRequest {
  rosterStatus?: "present" | "inactive" | "unconfirmed";
  limit: number;
  cursor?: string;
}

interface ListPropertiesInput extends PageRequest {
  workspace: Workspace;
}

/**
 * One page of the roster in byte order of the caller's property_id (the database collates
 * "C"), keyset-paginated so that a page costs the same wherever it is and an import landing
 * mid-walk neither repeats nor skips a property that was there throughout.
 */
async function listProperties(
  input: ListPropertiesInput,
  tx: Tx = db(),
): Promise<{ properties: ListedProperty[]; nextCursor?: string }> {
  const scope = `properties:${input.workspace.id}:${input.rosterStatus ?? "*"}`;
  const after = input.cursor === undefined ? undefined : decodeCursor(scope, input.cursor);
  const rows = await tx.property.findMany({
    where: {
      workspaceId: input.workspace.id,
      rosterStatus: input.rosterStatus,
      externalId: after === undefined ? undefined : { gt: after },
    },
    orderBy: { externalId: "asc" },
    take: input.limit + 1,
    // One batched read for the page (by the unique (property_id, type) index), not one per property.
    include: { checklists: { where: { type: "housekeeping" }, select: { itemCount: true } } },
  });
  const page = rows.slice(0, input.limit);
  // One more query for the whole page, not one per property.
  const progress = await setupProgress(
    page.map((row) => row.id),
    tx,
  );
  const properties = page.map((row) => ({ ...row, setup: progress.get(row.id) ?? noSetupProgress }));
  const last = properties.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor(scope, last.externalId) : undefined;
  return { properties, nextCursor };
}

/**
 * `GET /v1/properties`: the workspace's `roster_revision` and one page, read in one snapshot
 * (a repeatable-read transaction), so an import landing between the reads cannot pair a page
 * with another revision's number.
 */
export async function readRosterPage(
  partnerId: string,
  workspaceId: string,
  request: PageRequest,
): Promise<{ workspace: WorkspaceWithFeed; properties: ListedProperty[]; nextCursor?: string }> {
  return db().$transaction(
    async (tx) => {
      const workspace = await getWorkspace(partnerId, workspaceId, tx);
      return { workspace, ...(await listProperties({ ...request, workspace }, tx)) };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}
