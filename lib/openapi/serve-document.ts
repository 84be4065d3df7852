import { config } from "../config";
import { type HttpMethod, httpMethods } from "../http/operation";
import { requestIdFor } from "../http/request-id";
import { type Handler, methodNotAllowed } from "../http/route-handlers";
import { processSingleton } from "../process-state";
import { buildOpenApiDocument } from "./document";

const allowed: HttpMethod[] = ["GET"];

/**
 * `GET /v1/openapi.json`, public (no key). Not sent through `jsonResponse`: the omit rule is
 * for API records, and would strip the empty objects and arrays OpenAPI gives meaning to.
 */
const documentHandler = (surface: "all" | "connectors"): Handler => async (request) => {
  // Built once per process: the operations and APP_URL cannot change while it runs.
  const documentText = processSingleton(`openapi-document-${surface}`, () => JSON.stringify(buildOpenApiDocument({ serverUrl: config().APP_URL, surface })));
  return new Response(documentText, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-cache",
      // Public and secret-free, so tools on other origins (editors, client generators) may read it.
      "access-control-allow-origin": "*",
      "x-request-id": requestIdFor(request),
    },
  });
};

const refuse = methodNotAllowed(allowed);

/**
 * The exports of `app/v1/openapi.json/route.ts` (the whole reference) and
 * `app/connectors/openapi.json/route.ts`: the document under GET, 405 under every other verb.
 */
export function openApiDocumentHandlers(surface: "all" | "connectors" = "all"): Record<HttpMethod, Handler> {
  const getDocument = documentHandler(surface);
  return Object.fromEntries(httpMethods.map((method) => [method, method === "GET" ? getDocument : refuse])) as Record<
    HttpMethod,
    Handler
  >;
}
