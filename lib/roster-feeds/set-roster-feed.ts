import "server-only";
import { db } from "../db/client";
import { Prisma, type RosterFeed } from "../generated/prisma/client";
import { encryptFeedSecret } from "./feed-secret";
import { checkFeedUrl } from "./feed-url";
import { pollMinuteFor } from "./poll-slot";
import { requireFeedWorkspace } from "./require-feed-workspace";

export interface SetFeedInput {
  partnerId: string;
  workspaceId: string;
  url: string;
  secret: string;
}

/**
 * Points a workspace at its hosted feed and switches it to pulling. Setting the feed again
 * replaces URL and secret and starts it afresh (`never_run`, no last error), keeping its
 * place in the day's schedule. The secret is stored encrypted only.
 */
export async function setRosterFeed(input: SetFeedInput): Promise<RosterFeed> {
  const url = checkFeedUrl(input.url);
  const secretEncrypted = encryptFeedSecret(input.secret);
  return db().$transaction(async (tx) => {
    const workspace = await requireFeedWorkspace(input.partnerId, input.workspaceId, tx);
    const now = new Date();
    const fresh = {
      url,
      secretEncrypted,
      health: "never_run" as const,
      lastPolledAt: null,
      lastSucceededAt: null,
      lastErrorCode: null,
      lastErrorDetail: Prisma.DbNull,
      updatedAt: now,
    };
    const feed = await tx.rosterFeed.upsert({
      where: { workspaceId: workspace.id },
      create: { ...fresh, workspaceId: workspace.id, pollMinute: pollMinuteFor(workspace.id), createdAt: now },
      update: fresh,
    });
    await tx.workspace.update({ where: { id: workspace.id }, data: { syncMode: "pull" } });
    return feed;
  });
}
