import type { IncomingMessage, ServerResponse } from "node:http";
import { operations } from "../partner-api";
import { type AnyOperation, type HttpMethod, httpMethods } from "../http/operation";
import { type Handler, notFoundHandlers, routeHandlers } from "../http/route-handlers";
import { openApiDocumentHandlers } from "../openapi/serve-document";
import { answerWithWebHandler } from "./web-bridge";

/*
 * Production serves /v1 here instead of through Next's request pipeline, which costs more
 * CPU per request than the API work itself. The handlers are the very ones app/v1's route
 * files export (the same `routeHandlers` over the same operations), so both routers answer
 * alike; tests/unit/api-dispatch.test.ts keeps their paths from drifting apart.
 */

/** How the table writes `app/v1/[...path]`: answers every path under /v1 nothing else serves. */
export const catchAllPath = "/v1/{...path}";

export interface ApiRoute {
  /** OpenAPI form (`/v1/workspaces/{workspace_id}`), or `catchAllPath`. */
  path: string;
  /** The verbs an operation answers; every other verb is refused (405, or 404 under the catch-all). */
  methods: HttpMethod[];
  handlers: Record<HttpMethod, Handler>;
}

const byVerb = (a: AnyOperation, b: AnyOperation) => httpMethods.indexOf(a.method) - httpMethods.indexOf(b.method);

/**
 * Operations by path, each group in verb order (GET, POST, PUT, PATCH, DELETE): the order of
 * `Allow`, which route files follow too (the drift test checks).
 */
function groupByPath(list: AnyOperation[]): Map<string, AnyOperation[]> {
  const groups = new Map<string, AnyOperation[]>();
  for (const operation of list) groups.set(operation.path, [...(groups.get(operation.path) ?? []), operation]);
  for (const group of groups.values()) group.sort(byVerb);
  return groups;
}

/** What app/v1 serves: one route per operation path, the OpenAPI document, and the 404 catch-all. */
export function apiRoutes(list: AnyOperation[] = operations): ApiRoute[] {
  return [
    ...[...groupByPath(list)].map(([path, group]) => ({
      path,
      methods: group.map((operation) => operation.method),
      handlers: routeHandlers(...group),
    })),
    { path: "/v1/openapi.json", methods: ["GET"], handlers: openApiDocumentHandlers() },
    { path: catchAllPath, methods: [], handlers: notFoundHandlers() },
  ];
}

interface Node {
  literals: Map<string, Node>;
  param?: Node;
  /** A route ending here. */
  route?: ApiRoute;
  /** A catch-all under here: one or more further segments. */
  catchAll?: ApiRoute;
}

const newNode = (): Node => ({ literals: new Map() });

function insert(root: Node, route: ApiRoute): void {
  const segments = route.path.split("/").slice(1);
  let node = root;
  for (const [position, segment] of segments.entries()) {
    if (segment.startsWith("{...")) {
      if (position !== segments.length - 1) throw new Error(`${route.path}: a catch-all must be the last segment`);
      node.catchAll = route;
      return;
    }
    if (segment.startsWith("{")) {
      node = node.param ??= newNode();
    } else {
      let next = node.literals.get(segment);
      if (!next) node.literals.set(segment, (next = newNode()));
      node = next;
    }
  }
  node.route = route;
}

// Next's order: a literal segment before a {param} before a catch-all, backing off to the next
// candidate when the rest of the path does not fit (that is how it orders its route regexes).
function find(node: Node, segments: string[], at: number): ApiRoute | undefined {
  if (at === segments.length) return node.route;
  const literal = node.literals.get(segments[at]!);
  return (literal && find(literal, segments, at + 1)) ?? (node.param && find(node.param, segments, at + 1)) ?? node.catchAll;
}

/**
 * The raw path of a request this dispatcher may answer as sent, else undefined. A path that
 * Next would first rewrite goes to Next, which answers it as it always has: a trailing or
 * repeated slash or a backslash (308 to the cleaned path), and anything the URL parser would
 * change (dot segments, a `#`, characters it percent-encodes).
 */
export function routablePath(rawUrl: string): string | undefined {
  const queryAt = rawUrl.indexOf("?");
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (rawPath !== "/v1" && !rawPath.startsWith("/v1/")) return undefined;
  if (rawPath.endsWith("/") || rawPath.includes("//") || rawPath.includes("\\")) return undefined;
  return new URL(rawUrl, "http://localhost").pathname === rawPath ? rawPath : undefined;
}

export interface ApiRouter {
  routes: ApiRoute[];
  /**
   * The route for a raw path, matched segment by segment without decoding (`%2F` stays inside
   * its segment, as path-params.ts reads it). `/v1` itself matches nothing, as in Next, where the
   * catch-all needs one segment.
   */
  match(rawPath: string): ApiRoute | undefined;
}

export function apiRouter(routes: ApiRoute[] = apiRoutes()): ApiRouter {
  const root = newNode();
  for (const route of routes) insert(root, route);
  return { routes, match: (rawPath) => find(root, rawPath.split("/").slice(1), 0) };
}

const isHttpMethod = (method: string | undefined): method is HttpMethod => httpMethods.includes(method as HttpMethod);

/** The route that answers `method` on a raw request URL, or undefined when Next should. */
export function routeFor(router: ApiRouter, method: string | undefined, rawUrl: string | undefined): ApiRoute | undefined {
  if (!rawUrl || !isHttpMethod(method)) return undefined;
  const rawPath = routablePath(rawUrl);
  return rawPath === undefined ? undefined : router.match(rawPath);
}

/**
 * A `node:http` request listener step: answers the request and returns true when it is an API
 * call this dispatcher serves, else returns false and leaves it to Next. `origin` makes the
 * handlers' absolute request URLs (the configured APP_URL, never the caller's Host header).
 */
export function createApiDispatch(origin: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const router = apiRouter();
  const base = new URL(origin).origin;
  return (req, res) => {
    const route = routeFor(router, req.method, req.url);
    if (!route) return false;
    // Handlers answer their own errors; this is for a failure around them.
    void answerWithWebHandler(req, res, base, route.handlers[req.method as HttpMethod], {
      message: "unhandled error in API dispatch",
      logFields: { path: req.url?.split("?")[0] },
    });
    return true;
  };
}
