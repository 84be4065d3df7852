import "server-only";
import { ApiError } from "../errors/api-error";
import { clearRosterFeed } from "../roster-feeds/clear-roster-feed";
import { FeedSecretError } from "../roster-feeds/feed-secret";
import { FeedUrlError } from "../roster-feeds/feed-url";
import { setRosterFeed } from "../roster-feeds/set-roster-feed";
import { type Actor, recordAudit } from "./audit";
import { parseInput } from "../validation/parse-input";
import { partnerWorkspace } from "./partner-workspace";
import { feedBody } from "./schemas";

/** Staff point a workspace at the partner's roster feed (the CLI's `feed set`); the secret is stored encrypted and never shown again. */
export async function setFeedAs(actor: Actor, partnerId: string, workspaceUuid: string, body: unknown) {
  const workspace = await partnerWorkspace(partnerId, workspaceUuid);
  const { url, secret } = parseInput(feedBody, body);
  try {
    const feed = await setRosterFeed({ partnerId, workspaceId: workspace.externalId, url, secret });
    await recordAudit({
      actor,
      partnerId,
      action: "feed.set",
      objectType: "workspace",
      objectId: workspace.id,
      detail: { url: feed.url },
    });
    return { url: feed.url, health: feed.health };
  } catch (error) {
    if (error instanceof FeedUrlError || error instanceof FeedSecretError)
      throw new ApiError("invalid_request", { message: error.message });
    throw error;
  }
}

/** Back to push (the CLI's `feed clear`): syncs still queued or running end failed. */
export async function clearFeedAs(actor: Actor, partnerId: string, workspaceUuid: string) {
  const workspace = await partnerWorkspace(partnerId, workspaceUuid);
  const { removed } = await clearRosterFeed(partnerId, workspace.externalId);
  if (removed) await recordAudit({ actor, partnerId, action: "feed.clear", objectType: "workspace", objectId: workspace.id });
  return { removed };
}
