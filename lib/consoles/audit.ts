import "server-only";
import { db, type Tx } from "../db/client";
import { olderThan } from "../db/keyset";
import type { Prisma } from "../generated/prisma/client";
import { isUuid } from "../validation/uuid";
import { auditSentence } from "./audit-sentences";

/**
 * Who made a change: a signed-in person, or the server itself: the staff CLI, or a scheduled job
 * that names itself (`name`).
 */
export type Actor = { userId: string; email: string } | { cli: true; name?: string };

export const cliActor: Actor = { cli: true };

/** The daily media sweep (lib/recording/media-retention.ts). */
export const retentionActor: Actor = { cli: true, name: "retention policy" };

export interface AuditInput {
  actor: Actor;
  /** Whose data it is; what lets that partner's users read the entry. */
  partnerId?: string;
  /** `<object>.<verb>`, for example `api_key.revoke`. */
  action: string;
  objectType: string;
  objectId: string;
  /** What changed, never a secret. */
  detail?: Prisma.InputJsonValue;
}

export async function recordAudit(input: AuditInput, tx: Tx = db()): Promise<void> {
  const actor =
    "cli" in input.actor
      ? { actorId: null, actor: input.actor.name ?? "staff CLI" }
      : { actorId: input.actor.userId, actor: input.actor.email };
  await tx.auditEntry.create({
    data: {
      ...actor,
      partnerId: input.partnerId ?? null,
      action: input.action,
      objectType: input.objectType,
      objectId: input.objectId,
      detail: input.detail,
    },
  });
}

export interface AuditView {
  id: string;
  at: string;
  actor: string;
  partnerId?: string;
  action: string;
  objectType: string;
  objectId: string;
  detail?: unknown;
  /** The entry as a sentence ("Ana paused Acme Tasks"); see audit-sentences.ts. */
  sentence: string;
}

export const auditPageSize = 50;

/**
 * Newest first, a page at a time on the server; `before` is the last entry's id of the page
 * read, so pages hold still while entries are added.
 */
export async function listAudit(
  scope: { partnerId?: string },
  before?: string,
): Promise<{ entries: AuditView[]; next?: string }> {
  const cursor =
    before && isUuid(before) ? await db().auditEntry.findUnique({ where: { id: before }, select: { at: true, id: true } }) : null;
  const rows = await db().auditEntry.findMany({
    where: {
      ...(scope.partnerId ? { partnerId: scope.partnerId } : {}),
      ...(cursor ? olderThan<Prisma.AuditEntryWhereInput>("at", cursor.at, cursor.id) : {}),
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: auditPageSize + 1,
  });
  const page = rows.slice(0, auditPageSize);
  // Sentences name people by their name where they gave one and partners by theirs: two small
  // lookups for the page rather than a join the audit table (which outlives users) cannot hold.
  const [people, partners] = await Promise.all([
    db().user.findMany({
      where: { id: { in: [...new Set(page.flatMap((row) => (row.actorId ? [row.actorId] : [])))] } },
      select: { id: true, name: true },
    }),
    db().partner.findMany({
      where: { id: { in: [...new Set(page.flatMap((row) => (row.partnerId ? [row.partnerId] : [])))] } },
      select: { id: true, name: true },
    }),
  ]);
  const personName = new Map(people.flatMap((person) => (person.name?.trim() ? [[person.id, person.name.trim()]] : [])));
  const partnerName = new Map(partners.map((partner) => [partner.id, partner.name]));
  return {
    entries: page.map((row) => {
      const view = {
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actor,
        partnerId: row.partnerId ?? undefined,
        action: row.action,
        objectType: row.objectType,
        objectId: row.objectId,
        detail: row.detail ?? undefined,
      };
      const who = (row.actorId ? personName.get(row.actorId) : undefined) ?? row.actor;
      return { ...view, sentence: auditSentence({ ...view, actor: who, partnerName: partnerName.get(row.partnerId ?? "") }) };
    }),
    next: rows.length > auditPageSize ? page.at(-1)!.id : undefined,
  };
}
