import "server-only";
import { z } from "zod";
import { listCompanyChecklists } from "../checklists/list-company-checklists";
import { db } from "../db/client";
import { seatsIn } from "../people/manage-seats";
import { setupProgress } from "../properties/setup-progress";
import { describeRosterFeed } from "../roster-feeds/describe-roster-feed";
import { isUuid } from "../validation/uuid";
import { serializeWorkspace } from "../workspaces/serializers";

const shown = 20;

/** A company-wide checklist of one type, as staff edit it. */
export const companyChecklistView = z.object({
  type: z.string(),
  items: z.array(z.object({ name: z.string(), notes: z.string().optional() })),
  updatedAt: z.iso.datetime(),
});
export type CompanyChecklistView = z.infer<typeof companyChecklistView>;
const iso = (date?: Date | null) => date?.toISOString();

/**
 * Everything staff look at for one workspace: its record as the API reads it, the latest roster
 * runs and feed syncs, the feed's settings (never its secret), the homes with their setup progress,
 * the company-wide checklists, the claim and the seats. Undefined for another partner's or an
 * unknown workspace.
 */
export async function workspaceDetail(partnerId: string, workspaceUuid: string) {
  if (!isUuid(workspaceUuid)) return undefined;
  const workspace = await db().workspace.findFirst({
    where: { id: workspaceUuid, partnerId },
    include: { rosterFeed: { select: { health: true } } },
  });
  if (workspace === null) return undefined;
  const [runs, syncs, feed, properties, checklists, claim, people] = await Promise.all([
    db().rosterImport.findMany({ where: { workspaceId: workspace.id }, orderBy: { submittedAt: "desc" }, take: shown }),
    db().rosterSync.findMany({ where: { workspaceId: workspace.id }, orderBy: { createdAt: "desc" }, take: shown }),
    describeRosterFeed(partnerId, workspace.externalId),
    db().property.findMany({
      where: { workspaceId: workspace.id },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: 200,
      select: { id: true, externalId: true, name: true, rosterStatus: true },
    }),
    listCompanyChecklists(workspace),
    db().workspaceClaim.findUnique({ where: { workspaceId: workspace.id } }),
    seatsIn(workspace.id),
  ]);
  const progress = await setupProgress(properties.map((property) => property.id));
  return {
    id: workspace.id,
    record: serializeWorkspace(workspace),
    runs: runs.map((run) => ({
      id: run.id,
      source: run.source,
      status: run.status,
      submittedAt: iso(run.submittedAt)!,
      finishedAt: iso(run.finishedAt),
      errorCode: run.errorCode ?? undefined,
    })),
    syncs: syncs.map((sync) => ({
      id: sync.id,
      trigger: sync.trigger,
      status: sync.status,
      createdAt: iso(sync.createdAt)!,
      finishedAt: iso(sync.finishedAt),
    })),
    feed: feed.feed && {
      url: feed.feed.url,
      health: feed.feed.health,
      lastPolledAt: iso(feed.feed.lastPolledAt),
      lastSucceededAt: iso(feed.feed.lastSucceededAt),
      lastErrorCode: feed.feed.lastErrorCode ?? undefined,
      nextPollAt: iso(feed.nextPollAt),
    },
    properties: properties.map((property) => ({ ...property, setup: progress.get(property.id)! })),
    checklists: checklists.map((list): CompanyChecklistView => ({
      type: list.type,
      items: list.items.map((entry) => ({ name: entry.name, notes: entry.notes ?? undefined })),
      updatedAt: iso(list.updatedAt)!,
    })),
    claim: claim && {
      email: claim.email,
      invitedAt: iso(claim.invitedAt)!,
      expiresAt: iso(claim.expiresAt)!,
      claimedAt: iso(claim.claimedAt),
    },
    seats: people.seats,
  };
}
