import { ApiError } from "../errors/api-error";
import { isDependencyUnavailable } from "../errors/dependency-unavailable";
import { log } from "../log";
import { authenticators } from "./auth";
import type { z } from "zod";
import type { Authenticator, Surface } from "./auth/authenticator";
import { readBodyText } from "./body";
import type { Caller } from "./auth/partner-key";
import { type AnyOperation, type AnyRoute, defaultBodyLimitBytes, type HttpMethod, httpMethods } from "./operation";
import { pathParams, queryParams } from "./path-params";
import { consumeRateLimit } from "./rate-limit";
import { requestIdFor } from "./request-id";
import { errorResponse } from "./respond";
import { dependencyUnavailable } from "./unavailable";
import { withReachScope } from "../workspaces/reached-workspace";

export type Handler = (request: Request) => Promise<Response>;

/*
 * The one request pipeline of every surface: the partner API, the recording app, the demo tier,
 * the people pages and both consoles. The operation definition (lib/http/operation.ts) names
 * who may call (`auth`, lib/http/auth/) and what it takes; this file owns the rest, in the spec's
 * order of checks: who is calling, how often, then what they sent. Then one log line per request.
 */

/** The headers an operation declares, under the names it declares them (as the spec writes them). */
function declaredHeaders(request: Request, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** Parses with a zod schema, or throws the surface's refusal for the first problem found. */
function parse<S extends z.ZodType>(schema: S, input: unknown, surface: Surface): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw surface.refuseInput(result.error.issues[0]!, input);
}

async function run(
  route: AnyRoute,
  auth: Authenticator<unknown>,
  request: Request,
  requestId: string,
  seen: { caller?: unknown },
): Promise<Response> {
  const rawParams = () => pathParams(route.path, request.url);
  const caller = await auth.identify({
    request,
    rawParams,
    bodyFormat: route.bodyFormat ?? "json",
    partnerInHandler: (route as AnyOperation).partnerCheck === "in-handler",
  });
  seen.caller = caller;
  const bucket = route.rateLimit ?? auth.limit;
  if (bucket) await consumeRateLimit(bucket, auth.limitSubject(caller, request));
  const params = route.params ? parse(route.params, rawParams(), auth.surface) : undefined;
  const query = route.query ? parse(route.query, queryParams(request.url), auth.surface) : undefined;
  const headers = route.headers
    ? parse(route.headers, declaredHeaders(request, Object.keys(route.headers.shape)), auth.surface)
    : undefined;
  // A partner key reaches only workspaces of its own kind (live or sandbox); checked before a
  // replay can answer, otherwise once everything sent is parsed, where a handler finds the workspace.
  const workspaceId =
    (query as { workspace_id?: unknown } | undefined)?.workspace_id ??
    (params as { workspace_id?: unknown } | undefined)?.workspace_id;
  const reach = async () => {
    if ((route as AnyOperation).reachCheck === "in-handler") return;
    if (auth.reach && typeof workspaceId === "string") await auth.reach(caller, workspaceId);
  };
  let body: unknown;
  let bodyText = "";
  if (route.body) {
    bodyText = await readBodyText(request, route.bodyLimitBytes ?? defaultBodyLimitBytes);
    if ((route as AnyOperation).replay) await reach();
    const replayed = await (route as AnyOperation).replay?.({ caller: caller as Caller, query, headers, bodyText });
    if (replayed) return auth.surface.success(replayed.status, replayed.body, replayed.headers ?? {}, requestId);
    body = parse(route.body, auth.surface.parseBody(bodyText), auth.surface);
  }
  if (!(route as AnyOperation).replay) await reach();
  // The authenticator of `route.auth` found the caller its handler expects.
  const result = await route.handler({ request, requestId, caller: caller as never, params, query, headers, body, bodyText });
  if (result.file) return result.file;
  return auth.surface.success(result.status, result.body, result.headers ?? {}, requestId);
}

function serve(route: AnyRoute): Handler {
  const auth = authenticators[route.auth] as Authenticator<unknown>;
  return async (request) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const seen: { caller?: unknown } = {};
    let response: Response;
    let errorCode: string | undefined;
    try {
      // One scope per request: the workspace the reach check reads is handed to the handler.
      response = await withReachScope(() => run(route, auth, request, requestId, seen));
    } catch (thrown) {
      const error = thrown instanceof ApiError ? thrown : auth.refusalOf?.(thrown);
      if (error) {
        errorCode = error.code;
        response = auth.surface.refusal(error, requestId);
      } else if (isDependencyUnavailable(thrown)) {
        // The database or the store is away (a restart, an outage): the call is safe to repeat.
        errorCode = "service_unavailable";
        log().warn({ err: thrown, requestId, route: route.path }, "a dependency is unavailable");
        response = auth.surface.refusal(dependencyUnavailable(thrown), requestId);
      } else {
        errorCode = "internal_error";
        log().error({ err: thrown, requestId, route: route.path }, "unhandled error");
        response = auth.surface.refusal(auth.surface.internalError(), requestId);
      }
    }
    const { caller } = seen;
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    log().info(
      {
        requestId,
        ...(caller === undefined ? {} : auth.logFields(caller)),
        method: request.method,
        route: route.path,
        status: response.status,
        durationMs,
      },
      "request",
    );
    if (caller !== undefined) auth.answered?.(caller, response.status, errorCode, durationMs);
    return response;
  };
}

/** An enveloped `405 method_not_allowed` with `Allow`, for every verb a path does not accept. */
export function methodNotAllowed(allowed: HttpMethod[]): Handler {
  return async (request) => {
    const error = new ApiError("method_not_allowed", {
      message: `This path accepts ${allowed.join(", ")}.`,
      detail: { allowed_methods: allowed },
      headers: { Allow: allowed.join(", ") },
    });
    return errorResponse(error, requestIdFor(request));
  };
}

/**
 * The exports of one `route.ts`: each operation under its verb, and an enveloped
 * `405 method_not_allowed` (with `Allow`) under every other verb.
 */
export function routeHandlers(...operations: AnyRoute[]): Record<HttpMethod, Handler> {
  const allowed = operations.map((operation) => operation.method);
  const refuse = methodNotAllowed(allowed);
  return Object.fromEntries(
    httpMethods.map((method) => {
      const operation = operations.find((candidate) => candidate.method === method);
      return [method, operation ? serve(operation) : refuse];
    }),
  ) as Record<HttpMethod, Handler>;
}

/** Every verb answers `404 not_found` in the envelope: the catch-all under each API surface. */
export function notFoundHandlers(): Record<HttpMethod, Handler> {
  const handler: Handler = async (request) =>
    errorResponse(new ApiError("not_found", { message: "No such path." }), requestIdFor(request));
  return Object.fromEntries(httpMethods.map((method) => [method, handler])) as Record<HttpMethod, Handler>;
}
