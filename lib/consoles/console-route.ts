import type { Person } from "../auth/current-person";
import { ApiError } from "../errors/api-error";
import { jsonBody, personRoute } from "../people/page-api";
import { PartnerNotFoundError } from "../partners/require-partner";
import { isUuid } from "../validation/uuid";
import type { Actor } from "./audit";
import { type ConsoleNeed, type ConsoleRole, consoleRoleOf, enforce } from "./console-role";

export interface ConsoleCaller {
  person: Person;
  role: ConsoleRole;
  actor: Actor;
}

type Params = Record<string, string>;

/**
 * Every console action goes through here: the people pages' session and CSRF rules
 * (personRoute: same Origin, JSON body), then the one authorization rule (console-role.ts)
 * against what the action needs, before the handler runs. A partner id that is not a uuid
 * reads as unknown.
 */
export function consoleRoute<P extends Params>(
  need: (params: P) => ConsoleNeed,
  handler: (caller: ConsoleCaller, request: Request, params: P) => Promise<unknown>,
) {
  return personRoute<{ params: Promise<P> }>(async (person, request, context) => {
    // A route without dynamic segments is handed no params at all.
    const params = ((await context?.params) ?? {}) as P;
    if (params.partnerId !== undefined && !isUuid(params.partnerId))
      throw new ApiError("not_found", { message: "No such partner." });
    const role = await consoleRoleOf(person.id);
    enforce(role, need(params));
    try {
      return await handler({ person, role, actor: { userId: person.id, email: person.email } }, request, params);
    } catch (error) {
      if (error instanceof PartnerNotFoundError) throw new ApiError("not_found", { message: "No such partner." });
      throw error;
    }
  });
}

export const staffOnly = (): ConsoleNeed => ({ staff: true });
export const partnerData = (params: { partnerId: string }): ConsoleNeed => ({ partnerId: params.partnerId });

export { jsonBody };
