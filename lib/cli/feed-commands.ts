import "server-only";
import { checkFeedSecret, FeedSecretError } from "../roster-feeds/feed-secret";
import { checkFeedUrl, FeedUrlError } from "../roster-feeds/feed-url";
import { clearRosterFeed } from "../roster-feeds/clear-roster-feed";
import { describeRosterFeed, type FeedDescription } from "../roster-feeds/describe-roster-feed";
import { setRosterFeed } from "../roster-feeds/set-roster-feed";
import { type Command, InvalidArgumentError, partnerOption, requiredOption } from "./command";
import { isoTime } from "./output";
import { workspaceOption } from "./workspace-option";

// Checked here too, so a bad URL or secret is a command-line error (exit 2) before the database starts.
function checked(check: () => string, name: string): string {
  try {
    return check();
  } catch (error) {
    if (error instanceof FeedUrlError || error instanceof FeedSecretError) {
      throw new InvalidArgumentError(`Invalid --${name}: ${error.message}`);
    }
    throw error;
  }
}

function describeJson(partnerId: string, d: FeedDescription) {
  const { feed, lastSync } = d;
  return {
    partner_id: partnerId,
    workspace_id: d.workspaceId,
    sync_mode: d.syncMode,
    ...(feed && {
      feed: {
        url: feed.url,
        secret_set: true,
        health: feed.health,
        poll_minute: feed.pollMinute,
        ...(d.nextPollAt && { next_poll_at: isoTime(d.nextPollAt) }),
        ...(feed.lastPolledAt && { last_polled_at: isoTime(feed.lastPolledAt) }),
        ...(feed.lastSucceededAt && { last_succeeded_at: isoTime(feed.lastSucceededAt) }),
        ...(feed.lastErrorCode && { last_error: { code: feed.lastErrorCode, detail: feed.lastErrorDetail ?? undefined } }),
      },
    }),
    ...(lastSync && {
      last_sync: {
        sync_id: lastSync.id,
        trigger: lastSync.trigger,
        status: lastSync.status,
        created_at: isoTime(lastSync.createdAt),
        ...(lastSync.run && { import_id: lastSync.run.id, run_status: lastSync.run.status }),
        ...(lastSync.run?.errorCode && { run_error_code: lastSync.run.errorCode }),
      },
    }),
  };
}

function describeText(d: FeedDescription): string {
  const { feed, lastSync } = d;
  if (!feed) return `Workspace "${d.workspaceId}" has no feed; it pushes its roster (sync mode ${d.syncMode}).`;
  const lines = [
    `Feed of workspace "${d.workspaceId}" (sync mode ${d.syncMode}):`,
    `  url             ${feed.url}`,
    "  secret          set (stored encrypted; never shown)",
    `  health          ${feed.health}`,
    `  next poll       ${d.nextPollAt ? isoTime(d.nextPollAt) : "-"} (daily at minute ${feed.pollMinute} UTC)`,
    `  last polled     ${feed.lastPolledAt ? isoTime(feed.lastPolledAt) : "never"}`,
    `  last succeeded  ${feed.lastSucceededAt ? isoTime(feed.lastSucceededAt) : "never"}`,
  ];
  if (feed.lastErrorCode) {
    const detail = feed.lastErrorDetail ? ` ${JSON.stringify(feed.lastErrorDetail)}` : "";
    lines.push(`  last error      ${feed.lastErrorCode}${detail}`);
  }
  if (lastSync) {
    const { run } = lastSync;
    const runText = run ? `, run ${run.id} ${run.status}${run.errorCode ? ` (${run.errorCode})` : ""}` : "";
    lines.push(
      `  last sync       ${lastSync.id} ${lastSync.trigger} ${lastSync.status} at ${isoTime(lastSync.createdAt)}${runText}`,
    );
  }
  return lines.join("\n");
}

const set: Command = {
  name: "feed set",
  args: "--partner <id> --workspace <workspace_id> --url <url> --secret <secret>",
  summary: "pull the workspace's roster from a hosted feed, polled daily (switches it to sync mode pull)",
  options: ["partner", "workspace", "url", "secret"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    const url = checked(() => checkFeedUrl(requiredOption(options, "url")), "url");
    // The value is never echoed, not even in a refusal.
    const secret = checked(() => checkFeedSecret(requiredOption(options, "secret")), "secret");
    return async () => {
      await setRosterFeed({ partnerId, workspaceId, url, secret });
      const description = await describeRosterFeed(partnerId, workspaceId);
      return {
        json: describeJson(partnerId, description),
        text: `Feed set; the workspace now pulls its roster.\n${describeText(description)}`,
      };
    };
  },
};

const clear: Command = {
  name: "feed clear",
  args: "--partner <id> --workspace <workspace_id>",
  summary: "remove the workspace's feed (switches it back to sync mode push)",
  options: ["partner", "workspace"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    return async () => {
      const { removed } = await clearRosterFeed(partnerId, workspaceId);
      return {
        json: { partner_id: partnerId, workspace_id: workspaceId, sync_mode: "push", removed },
        text: removed
          ? `Feed of workspace "${workspaceId}" removed; it pushes its roster again.`
          : `Workspace "${workspaceId}" had no feed; it pushes its roster.`,
      };
    };
  },
};

const show: Command = {
  name: "feed show",
  args: "--partner <id> --workspace <workspace_id>",
  summary: "the workspace's feed: url, health, last poll and error, last sync, next poll (never the secret)",
  options: ["partner", "workspace"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const workspaceId = workspaceOption(options);
    return async () => {
      const description = await describeRosterFeed(partnerId, workspaceId);
      return { json: describeJson(partnerId, description), text: describeText(description) };
    };
  },
};

export const feedCommands: Command[] = [set, clear, show];
