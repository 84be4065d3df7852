import "server-only";
import { db } from "../db/client";
import type { RosterFeed, RosterImport, RosterSync } from "../generated/prisma/client";
import { nextPollAt } from "./poll-slot";
import { requireFeedWorkspace } from "./require-feed-workspace";

export interface FeedDescription {
  workspaceId: string;
  syncMode: "push" | "pull";
  feed?: RosterFeed;
  nextPollAt?: Date;
  lastSync?: RosterSync & { run: RosterImport | null };
}

/** What staff see of a workspace's feed: its state, last error, last sync and run, next poll. Never the secret in clear. */
export async function describeRosterFeed(partnerId: string, workspaceId: string, now = new Date()): Promise<FeedDescription> {
  const workspace = await requireFeedWorkspace(partnerId, workspaceId);
  const [feed, lastSync] = await Promise.all([
    db().rosterFeed.findUnique({ where: { workspaceId: workspace.id } }),
    db().rosterSync.findFirst({ where: { workspaceId: workspace.id }, orderBy: { createdAt: "desc" } }),
  ]);
  const run = lastSync?.importId ? await db().rosterImport.findUnique({ where: { id: lastSync.importId } }) : null;
  return {
    workspaceId: workspace.externalId,
    syncMode: workspace.syncMode,
    feed: feed ?? undefined,
    nextPollAt: feed
      ? nextPollAt({ pollMinute: feed.pollMinute, since: feed.createdAt, lastSyncAt: lastSync?.createdAt }, now)
      : undefined,
    lastSync: lastSync ? { ...lastSync, run } : undefined,
  };
}
