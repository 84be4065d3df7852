import type { Person } from "../../auth/current-person";
import { type Actor } from "../../consoles/audit";
import { type ConsoleNeed, type ConsoleRole, consoleRoleOf, enforce } from "../../consoles/console-role";
import { ApiError } from "../../errors/api-error";
import { PartnerNotFoundError } from "../../partners/require-partner";
import { isUuid } from "../../validation/uuid";
import type { Authenticator } from "./authenticator";
import { sessionAuth } from "./session";

export interface ConsoleCaller {
  person: Person;
  role: ConsoleRole;
  actor: Actor;
}

const noSuchPartner = () => new ApiError("not_found", { message: "No such partner." });

/**
 * The consoles: the session and its CSRF check, then the one authorization rule
 * (lib/consoles/console-role.ts) against what the route needs, before anything is parsed. A
 * partner id in the path that is not a uuid reads as unknown.
 */
function consoleAuth(need: (rawParams: Record<string, string>) => ConsoleNeed): Authenticator<ConsoleCaller> {
  return {
    async identify(input) {
      const person = await sessionAuth.identify(input);
      const params = input.rawParams();
      const { partnerId } = params;
      if (partnerId !== undefined && !isUuid(partnerId)) throw noSuchPartner();
      const role = await consoleRoleOf(person.id);
      enforce(role, need(params));
      return { person, role, actor: { userId: person.id, email: person.email } };
    },
    limitSubject: (caller) => caller.person.id,
    logFields: (caller) => ({ userId: caller.person.id }),
    surface: sessionAuth.surface,
    refusalOf: (error) => (error instanceof PartnerNotFoundError ? noSuchPartner() : undefined),
  };
}

/** `auth: "staff"`: staff alone. */
export const staffAuth = consoleAuth(() => ({ staff: true }));

/** `auth: "partnerUser"`: the data of the partner in the path (`{partnerId}`): its users, and staff. */
export const partnerUserAuth = consoleAuth((rawParams) => ({ partnerId: rawParams.partnerId ?? "" }));
