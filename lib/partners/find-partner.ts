import "server-only";
import { db } from "../db/client";

/** A partner's row, or null: the console pages show their own "no access" for a missing one. */
export function findPartner(partnerId: string) {
  return db().partner.findUnique({ where: { id: partnerId } });
}

/** The names of the given partners, by name: a person with seats at several chooses one. */
export function listPartnerNames(partnerIds: readonly string[]) {
  return db().partner.findMany({
    where: { id: { in: [...partnerIds] } },
    orderBy: { name: "asc" },
    select: { id: true, name: true },
  });
}
