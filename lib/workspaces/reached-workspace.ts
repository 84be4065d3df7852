import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "../process-state";
import type { WorkspaceWithFeed } from "./get-workspace";

/*
 * A partner call naming a workspace reads it twice otherwise: once to check the key may reach it
 * (lib/workspaces/workspace-kind.ts) and once in the handler. The reach check reads the whole
 * workspace and leaves it here, and the handler's first read of the same workspace takes it
 * instead of asking the database again. Not a cache: it lives for one request (the pipeline
 * opens a scope per request), it is given once (a second read goes to the database, so a
 * handler reads its own writes), and only for the same partner and workspace id.
 */

interface Handover {
  partnerId: string;
  workspaceId: string;
  /** null: the reach check found no such workspace, which the handler answers as usual. */
  workspace: WorkspaceWithFeed | null;
}

interface Scope {
  handover?: Handover;
}

const storage = () => processSingleton("reached-workspace", () => new AsyncLocalStorage<Scope>());

/** Runs one request with a place for the workspace its reach check reads. */
export function withReachScope<T>(work: () => Promise<T>): Promise<T> {
  return storage().run({}, work);
}

/** Leaves the workspace the reach check read for the handler (nothing outside a request's scope). */
export function handOverWorkspace(partnerId: string, workspaceId: string, workspace: WorkspaceWithFeed | null): void {
  const scope = storage().getStore();
  if (scope) scope.handover = { partnerId, workspaceId, workspace };
}

/** The workspace left by the reach check for exactly this read, once; undefined: read it from the database. */
export function takeReachedWorkspace(partnerId: string, workspaceId: string): WorkspaceWithFeed | null | undefined {
  const scope = storage().getStore();
  const handover = scope?.handover;
  if (!scope || !handover) return undefined;
  scope.handover = undefined;
  if (handover.partnerId !== partnerId || handover.workspaceId !== workspaceId) return undefined;
  return handover.workspace;
}
