import "server-only";
import { catalogDocument } from "./catalog";

export const catalogPagePath = "/docs/connectors";

/**
 * `GET /connectors`: the catalogue as JSON, no key needed. A browser (an `Accept` that names
 * text/html before any JSON) is sent to the readable page of the same catalogue.
 */
export async function catalogResponse(request: Request): Promise<Response> {
  const accept = request.headers.get("accept") ?? "";
  const html = accept.indexOf("text/html");
  const json = accept.indexOf("json");
  if (html !== -1 && (json === -1 || html < json)) {
    return new Response(null, { status: 303, headers: { location: catalogPagePath, vary: "Accept" } });
  }
  return Response.json(catalogDocument(), { headers: { vary: "Accept", "cache-control": "public, max-age=300" } });
}
