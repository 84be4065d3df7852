import { log } from "../log";
import { countRequest } from "../usage/usage-counter";
import { authenticate, type Caller } from "./auth";
import { parseJsonObject, readBodyText } from "./body";
import { clientLimitKey } from "./client-address";
import { ApiError } from "../errors/api-error";
import { type AnyOperation, defaultBodyLimitBytes, type HttpMethod, httpMethods } from "./operation";
import { pathParams, queryParams } from "./path-params";
import { consumeRateLimit, countUnknownCredential } from "./rate-limit";
import { requestIdFor } from "./request-id";
import { errorResponse, jsonResponse } from "./respond";
import { parseOrThrow } from "./validation";

export type Handler = (request: Request) => Promise<Response>;

/** The headers an operation declares, under the names it declares them (as the spec writes them). */
function declaredHeaders(request: Request, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

// The order of checks is the spec's: who is calling, how often, then what they sent.
async function run(operation: AnyOperation, request: Request, requestId: string, caller: Caller): Promise<Response> {
  await consumeRateLimit("general", caller.keyId);
  const params = operation.params ? parseOrThrow(operation.params, pathParams(operation.path, request.url)) : undefined;
  const query = operation.query ? parseOrThrow(operation.query, queryParams(request.url)) : undefined;
  const headers = operation.headers
    ? parseOrThrow(operation.headers, declaredHeaders(request, Object.keys(operation.headers.shape)))
    : undefined;
  let body: unknown;
  let bodyText = "";
  if (operation.body) {
    bodyText = await readBodyText(request, operation.bodyLimitBytes ?? defaultBodyLimitBytes);
    const replayed = await operation.replay?.({ caller, query, headers, bodyText });
    if (replayed) return jsonResponse(replayed.status, replayed.body, { ...replayed.headers, "x-request-id": requestId });
    body = parseOrThrow(operation.body, parseJsonObject(bodyText));
  }
  const result = await operation.handler({ request, requestId, caller, params, query, headers, body, bodyText });
  return jsonResponse(result.status, result.body, { ...result.headers, "x-request-id": requestId });
}

/**
 * The partner from the key, looked up first: a valid key is served whatever else its address
 * sends. Missing, malformed or unknown keys count against the address, and past its limit they
 * are answered `429` instead of `401` (a malformed key is refused without a lookup).
 */
async function identify(request: Request, operation: AnyOperation): Promise<Caller> {
  try {
    return await authenticate(request, { partnerInHandler: operation.partnerCheck === "in-handler" });
  } catch (error) {
    if (error instanceof ApiError && error.code === "invalid_key") countUnknownCredential(clientLimitKey(request));
    throw error;
  }
}

function serve(operation: AnyOperation): Handler {
  return async (request) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    let caller: Caller | undefined;
    let response: Response;
    let errorCode: string | undefined;
    try {
      caller = await identify(request, operation);
      response = await run(operation, request, requestId, caller);
    } catch (error) {
      if (error instanceof ApiError) {
        errorCode = error.code;
        response = errorResponse(error, requestId);
      } else {
        errorCode = "internal_error";
        log().error({ err: error, requestId, route: operation.path }, "unhandled error");
        response = errorResponse(new ApiError("internal_error"), requestId);
      }
    }
    log().info(
      {
        requestId,
        partnerId: caller?.partnerId,
        keyId: caller?.keyId,
        method: request.method,
        route: operation.path,
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
    if (caller) countRequest(caller.partnerId, response.status, errorCode);
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
export function routeHandlers(...operations: AnyOperation[]): Record<HttpMethod, Handler> {
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
