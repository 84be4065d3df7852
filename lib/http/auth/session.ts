import { currentPerson, type Person } from "../../auth/current-person";
import { config } from "../../config";
import { ApiError } from "../../errors/api-error";
import { pageSurface } from "../surfaces";
import type { Authenticator, AuthInput } from "./authenticator";

/**
 * The session cookie rides on every request, so a change is taken only from this site's own
 * pages: same Origin, and a JSON body (a form on another site can send neither). A file upload
 * cannot be JSON; for it the same Origin alone (and the cookie's SameSite=Lax, which a cross-site
 * POST does not carry) keeps other sites out.
 */
export function assertOwnPages({ request, bodyFormat }: Pick<AuthInput, "request" | "bodyFormat">): void {
  if (request.method === "GET") return;
  const bodyType = bodyFormat === "multipart" ? "multipart/form-data" : "application/json";
  const origin = request.headers.get("origin");
  const contentType = request.headers.get("content-type") ?? "";
  if (origin !== new URL(config().APP_URL).origin || (request.method !== "DELETE" && !contentType.startsWith(bodyType)))
    throw new ApiError("forbidden", { message: "This change must come from Walkthrough's own pages." });
}

/** `auth: "session"`: the signed-in person behind the pages' JSON calls, after the CSRF check. */
export const sessionAuth: Authenticator<Person> = {
  async identify(input) {
    assertOwnPages(input);
    const person = await currentPerson();
    if (person === undefined) throw new ApiError("signed_out", { message: "Your session ended. Sign in again." });
    return person;
  },
  limitSubject: (person) => person.id,
  logFields: (person) => ({ userId: person.id }),
  surface: pageSurface,
};
