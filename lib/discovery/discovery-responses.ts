import { config } from "../config";
import { buildDemoOpenApiDocument } from "../demo/openapi";
import { processSingleton } from "../process-state";
import { apiCatalog, apiCatalogPath, apiCatalogType } from "./api-catalog";
import { llmsText } from "./llms-txt";

// Public and secret-free: other origins (agents, API tooling in a browser) may read them.
const shared = { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" };

/** `GET` and `HEAD /.well-known/api-catalog` (RFC 9727); HEAD answers the `Link` to itself only. */
export async function apiCatalogResponse(request: Request): Promise<Response> {
  const headers = { ...shared, "content-type": apiCatalogType, link: `<${apiCatalogPath}>; rel="api-catalog"` };
  if (request.method === "HEAD") return new Response(null, { headers });
  const text = processSingleton("api-catalog", () => JSON.stringify(apiCatalog(config().APP_URL), null, 2));
  return new Response(text, { headers });
}

/** `GET /llms.txt`: the quickstart for agents, as plain Markdown text. */
export async function llmsTextResponse(): Promise<Response> {
  const text = processSingleton("llms-txt", () => llmsText(config().APP_URL));
  return new Response(text, { headers: { ...shared, "content-type": "text/plain; charset=utf-8" } });
}

/** `GET /demo/openapi.json`: the demo tier's own document. */
export async function demoDocumentResponse(): Promise<Response> {
  const text = processSingleton("demo-openapi", () => JSON.stringify(buildDemoOpenApiDocument(config().APP_URL)));
  return new Response(text, {
    headers: { ...shared, "cache-control": "no-cache", "content-type": "application/json; charset=utf-8" },
  });
}
