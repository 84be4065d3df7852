import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";

/** What a signed-in person may do in the consoles: staff run everything, partner users their partner. */
export interface ConsoleRole {
  staff: boolean;
  partnerIds: string[];
}

export async function consoleRoleOf(userId: string): Promise<ConsoleRole> {
  const [staff, partners] = await Promise.all([
    db().staffMember.findUnique({ where: { userId }, select: { userId: true } }),
    db().partnerUser.findMany({ where: { userId }, select: { partnerId: true }, orderBy: { createdAt: "asc" } }),
  ]);
  return { staff: staff !== null, partnerIds: partners.map((row) => row.partnerId) };
}

/** What a page or action needs: staff alone, or a partner's data (its users, and staff). */
export type ConsoleNeed = { staff: true } | { partnerId: string };

export type Decision = "allowed" | "forbidden" | "hidden";

/**
 * The one rule of both consoles, checked on the server for every page and action. A partner user
 * asking for another partner's data is told it does not exist (`hidden`), exactly like an
 * unknown id, so ids reveal nothing; a person with no console role, or a partner user asking
 * for a staff action, is `forbidden`.
 */
export function decide(role: ConsoleRole, need: ConsoleNeed): Decision {
  if (role.staff) return "allowed";
  if ("staff" in need) return "forbidden";
  if (role.partnerIds.includes(need.partnerId)) return "allowed";
  return role.partnerIds.length > 0 ? "hidden" : "forbidden";
}

/** The decision as the refusal the pages' JSON calls answer. */
export function enforce(role: ConsoleRole, need: ConsoleNeed): void {
  const decision = decide(role, need);
  if (decision === "hidden") throw new ApiError("not_found", { message: "No such partner." });
  if (decision === "forbidden") throw new ApiError("forbidden", { message: "Your account cannot do this." });
}
