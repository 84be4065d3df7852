import "server-only";
import { requirePerson, type Person } from "../auth/current-person";
import { isUuid } from "../validation/uuid";
import { type ConsoleNeed, type ConsoleRole, consoleRoleOf, decide } from "./console-role";

export type ConsolePage = { allowed: true; person: Person; role: ConsoleRole } | { allowed: false; person: Person };

/**
 * The pages' side of the one rule: sign-in first (back to `path` afterwards), then the same
 * decision the actions make. Refused pages render "No access", the same for a partner that does
 * not exist and one that is not the person's.
 */
export async function consolePage(path: string, need: ConsoleNeed): Promise<ConsolePage> {
  const person = await requirePerson(path);
  if ("partnerId" in need && !isUuid(need.partnerId)) return { allowed: false, person };
  const role = await consoleRoleOf(person.id);
  return decide(role, need) === "allowed" ? { allowed: true, person, role } : { allowed: false, person };
}
