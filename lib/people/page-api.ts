import { currentPerson, type Person } from "../auth/current-person";
import { config } from "../config";
import { log } from "../log";
import { ApiError } from "../errors/api-error";

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * The JSON calls behind the signed-in pages. They ride on the session cookie, so a change is
 * taken only from this site's own pages: same Origin, JSON body (a form on another site can
 * send neither). Refusals answer `{ error: { code, message } }` for the page to show.
 */
export function personRoute<C>(
  handler: (person: Person, request: Request, context: C) => Promise<unknown>,
  options: { body?: "json" | "multipart" } = {},
) {
  // A file upload cannot be JSON; for it the same Origin alone (and the session cookie's
  // SameSite=Lax, which a cross-site POST does not carry) keeps other sites out.
  const bodyType = options.body === "multipart" ? "multipart/form-data" : "application/json";
  return async (request: Request, context: C): Promise<Response> => {
    if (request.method !== "GET") {
      const origin = request.headers.get("origin");
      const contentType = request.headers.get("content-type") ?? "";
      if (origin !== new URL(config().APP_URL).origin || (request.method !== "DELETE" && !contentType.startsWith(bodyType))) {
        return json(403, { error: { code: "forbidden", message: "This change must come from Walkthrough's own pages." } });
      }
    }
    const person = await currentPerson();
    if (person === undefined) return json(401, { error: { code: "signed_out", message: "Your session ended. Sign in again." } });
    try {
      return json(200, await handler(person, request, context));
    } catch (error) {
      if (error instanceof ApiError) return json(error.status, { error: { code: error.code, message: error.message } });
      log().error({ err: error }, "people page call failed");
      return json(500, { error: { code: "internal_error", message: "Something went wrong. Try again." } });
    }
  };
}

export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError("invalid_body", { message: "The request was not understood." });
  return body as Record<string, unknown>;
}
