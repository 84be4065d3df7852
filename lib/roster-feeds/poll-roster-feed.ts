import "server-only";
import { db } from "../db/client";
import { log } from "../log";
import { SecretDecryptionError } from "../secrets/encryption";
import { FeedError } from "./feed-errors";
import { decryptFeedSecret } from "./feed-secret";
import { fetchFeed } from "./fetch-feed";
import { recordPullFailure } from "./record-pull-failure";
import { recordPullSuccess } from "./record-pull-success";

/** Marks the sync running (a retried attempt finds it running already) and reads what the poll needs. */
async function beginSync(syncId: string) {
  await db().rosterSync.updateMany({
    where: { id: syncId, status: "queued" },
    data: { status: "running", startedAt: new Date() },
  });
  const sync = await db().rosterSync.findUnique({
    where: { id: syncId },
    include: {
      workspace: {
        select: {
          id: true,
          syncMode: true,
          rosterRevision: true,
          rosterFeed: true,
          partner: { select: { rosterMax: true } },
        },
      },
    },
  });
  if (!sync || sync.status === "succeeded" || sync.status === "failed") return undefined;
  return sync.workspace;
}

// The feed was cleared after this sync was queued: nothing was pulled, so there is no run.
async function endUnconfigured(syncId: string): Promise<void> {
  await db().rosterSync.updateMany({
    where: { id: syncId, status: { in: ["queued", "running"] } },
    data: { status: "failed", finishedAt: new Date() },
  });
}

function readSecret(stored: string): string | FeedError {
  try {
    return decryptFeedSecret(stored);
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    return new FeedError("internal_error", {
      message: "The feed's stored secret cannot be decrypted with this deployment's APP_SECRET; staff must set the feed again.",
    });
  }
}

/**
 * One poll of a workspace's hosted feed (the `poll-roster-feed` job): read every page, then
 * either hand the snapshot to a pull run or record why it could not be used. Nothing about the
 * roster changes here; a run applies later under the push's rules.
 */
export async function pollRosterFeed(syncId: string): Promise<void> {
  const workspace = await beginSync(syncId);
  if (!workspace) return;
  const feed = workspace.rosterFeed;
  if (!feed || workspace.syncMode !== "pull") return endUnconfigured(syncId);

  const baseRevision = workspace.rosterRevision;
  const secret = readSecret(feed.secretEncrypted);
  if (secret instanceof FeedError) {
    await recordPullFailure({ syncId, baseRevision, code: secret.code, detail: secret.detail, staffDetail: secret.staffDetail });
    return;
  }
  const started = performance.now();
  const fetched = await fetchFeed({ url: feed.url, secret, rosterMax: workspace.partner.rosterMax });
  const importId = fetched.ok
    ? await recordPullSuccess({ syncId, baseRevision, body: fetched.body })
    : await recordPullFailure({
        syncId,
        baseRevision,
        code: fetched.error.code,
        detail: fetched.error.detail,
        staffDetail: fetched.error.staffDetail,
        observedAt: fetched.observedAt,
      });
  // Never the URL (its query may hold a token) nor the secret; a failure's full detail, which
  // the partner never sees, is for staff here and on the feed.
  log().info(
    {
      syncId,
      workspaceId: workspace.id,
      importId,
      pages: fetched.pages,
      outcome: fetched.ok ? "fetched" : fetched.error.code,
      ...(!fetched.ok && { errorDetail: fetched.error.staffDetail }),
      durationMs: Math.round(performance.now() - started),
    },
    "roster feed polled",
  );
}
