import "server-only";
import { z } from "zod";
import { db } from "../db/client";
import { countCap, keysetAnswer, type KeysetPosition, keysetOrder, keysetPage, keysetWhere, positionOf } from "../db/keyset";
import type { Prisma } from "../generated/prisma/client";
import { KeyStatus, PartnerStatus } from "../generated/prisma/enums";
import { createPartner } from "../partners/create-partner";
import { issueApiKey, KeyLimitError } from "../partners/issue-api-key";
import { listApiKeys } from "../partners/list-api-keys";
import { partnerSummarySelect } from "../partners/list-partners";
import { requirePartner } from "../partners/require-partner";
import { revokeApiKey } from "../partners/revoke-api-key";
import type { KeyScope } from "../partners/scopes";
import { setPartnerStatus } from "../partners/set-partner-status";
import { setRecordingRetention } from "../partners/set-recording-retention";
import { setRosterMax } from "../partners/set-roster-max";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../validation/uuid";
import { type Actor, recordAudit } from "./audit";

/*
 * The consoles' changes to partners and keys: the same domain functions the staff CLI calls,
 * each followed by its audit entry. Input arrives parsed by ./schemas.ts, on the CLI's rules.
 */

/** `name` as createPartnerBody parsed it. */
export async function createPartnerAs(actor: Actor, name: string) {
  const created = await createPartner(name);
  await recordAudit({
    actor,
    partnerId: created.partnerId,
    action: "partner.create",
    objectType: "partner",
    objectId: created.partnerId,
    detail: { name, key_id: created.keyId },
  });
  return created;
}

export async function setPartnerStatusAs(actor: Actor, partnerId: string, status: "active" | "paused") {
  const result = await setPartnerStatus(partnerId, status);
  if (result.previous !== result.status) {
    await recordAudit({
      actor,
      partnerId,
      action: status === "paused" ? "partner.pause" : "partner.resume",
      objectType: "partner",
      objectId: partnerId,
      detail: { from: result.previous, to: result.status },
    });
  }
  return result;
}

export async function setRosterMaxAs(actor: Actor, partnerId: string, rosterMax: number) {
  const result = await setRosterMax(partnerId, rosterMax);
  await recordAudit({
    actor,
    partnerId,
    action: "partner.set_roster_max",
    objectType: "partner",
    objectId: partnerId,
    detail: { from: result.previous, to: result.rosterMax },
  });
  return result;
}

/** `days` null: back to RECORDING_RETENTION_DAYS. Audited only when it changed. */
export async function setRecordingRetentionAs(actor: Actor, partnerId: string, days: number | null) {
  const result = await setRecordingRetention(partnerId, days);
  if (result.previous !== result.days) {
    await recordAudit({
      actor,
      partnerId,
      action: "partner.set_recording_retention",
      objectType: "partner",
      objectId: partnerId,
      detail: { from: result.previous, to: result.days },
    });
  }
  return result;
}

/** One of a partner's keys as the consoles list it: a hint, never the secret. */
export const keyRow = z.object({
  keyId: z.string(),
  hint: z.string(),
  name: z.string(),
  status: z.enum(KeyStatus),
  scopes: z.array(z.string()),
  sandbox: z.boolean(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().optional(),
  lastUsedAt: z.iso.datetime().optional(),
});
export type KeyRow = z.infer<typeof keyRow>;

export async function keysOf(partnerId: string): Promise<KeyRow[]> {
  return (await listApiKeys(partnerId)).map((key) => ({
    ...key,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt?.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString(),
  }));
}

/** A new key, its secret answered this once and never stored or logged; `scopes` as issueKeyBody parsed them. */
export async function issueKeyAs(actor: Actor, partnerId: string, scopes: KeyScope[], { sandbox = false, name = "" } = {}) {
  await requirePartner(partnerId);
  try {
    const issued = await issueApiKey(partnerId, scopes, { sandbox, name });
    await recordAudit({
      actor,
      partnerId,
      action: "api_key.create",
      objectType: "api_key",
      objectId: issued.keyId,
      detail: { scopes, ...(sandbox && { sandbox }), ...(name ? { name } : {}) },
    });
    return issued;
  } catch (error) {
    if (error instanceof KeyLimitError)
      throw new ApiError("key_limit", {
        message: `Two ${sandbox ? "sandbox" : "live"} keys are active already: revoke the old one before creating another.`,
      });
    throw error;
  }
}

/** Revokes one of the partner's keys; another partner's key id reads as unknown. */
export async function revokeKeyAs(actor: Actor, partnerId: string, keyId: string) {
  const key = isUuid(keyId)
    ? await db().apiKey.findFirst({ where: { id: keyId, partnerId }, select: { id: true, status: true } })
    : null;
  if (key === null) throw new ApiError("not_found", { message: "No such key." });
  if (key.status === "revoked") return { keyId, revoked: false };
  await revokeApiKey(keyId);
  await recordAudit({ actor, partnerId, action: "api_key.revoke", objectType: "api_key", objectId: keyId });
  return { keyId, revoked: true };
}

/** Names one of the partner's keys (revoked ones too: the name keeps the history readable). */
export async function renameKeyAs(actor: Actor, partnerId: string, keyId: string, name: string) {
  const key = isUuid(keyId) ? await db().apiKey.findFirst({ where: { id: keyId, partnerId }, select: { name: true } }) : null;
  if (key === null) throw new ApiError("not_found", { message: "No such key." });
  if (key.name !== name) {
    await db().apiKey.update({ where: { id: keyId }, data: { name } });
    await recordAudit({
      actor,
      partnerId,
      action: "api_key.rename",
      objectType: "api_key",
      objectId: keyId,
      detail: { from: key.name, to: name },
    });
  }
  return { keyId, name };
}

export const partnersPageSize = 25;

export const partnerRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PartnerStatus),
  rosterMax: z.number().int(),
  createdAt: z.iso.datetime(),
  activeKeys: z.number().int(),
  workspaces: z.number().int(),
  users: z.number().int(),
});

export const partnersAnswer = z.object({
  /** Counted up to countCap + 1, as every console list counts. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  next: z.string().optional(),
  previous: z.string().optional(),
  partners: z.array(partnerRow),
});
export type PartnersAnswer = z.infer<typeof partnersAnswer>;

/** A page of the partners list, by name then id: the order of the index that serves it. */
export function partnersPageQuery(position?: KeysetPosition, onlyIds?: readonly string[]) {
  const where: Prisma.PartnerWhereInput = onlyIds ? { id: { in: [...onlyIds] } } : {};
  return {
    where: position ? { AND: [where, keysetWhere<Prisma.PartnerWhereInput>("name", "asc", position, position.value)] } : where,
    orderBy: keysetOrder<Prisma.PartnerOrderByWithRelationInput>("name", "asc", position),
    take: partnersPageSize + 1,
    select: partnerSummarySelect,
  } satisfies Prisma.PartnerFindManyArgs;
}

/** Partners by name, a page at a time, with the counts the list shows. */
export async function partnersPage(position?: KeysetPosition, onlyIds?: readonly string[]): Promise<PartnersAnswer> {
  const query = partnersPageQuery(position, onlyIds);
  const [total, rows] = await Promise.all([
    db().partner.count({ where: onlyIds ? { id: { in: [...onlyIds] } } : {}, take: countCap + 1 }),
    db().partner.findMany(query),
  ]);
  const page = keysetPage(rows, partnersPageSize, position, (row) => ({ value: row.name, id: row.id }));
  return {
    ...keysetAnswer(total, page),
    partners: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      rosterMax: row.rosterMax,
      createdAt: row.createdAt.toISOString(),
      activeKeys: row._count.keys,
      workspaces: row._count.workspaces,
      users: row._count.users,
    })),
  };
}

/** The admin page's `?cursor=`: one the list did not give (edited, or stale) reads as the first page. */
export const partnersPageAt = (cursor: string | undefined) => partnersPage(positionOf(cursor));
