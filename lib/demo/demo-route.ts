import { type HttpMethod, httpMethods } from "../http/operation";
import { type Handler, methodNotAllowed } from "../http/route-handlers";
import { log } from "../log";
import { ApiError } from "../errors/api-error";
import { requestIdFor } from "../http/request-id";
import { errorResponse, jsonResponse } from "../http/respond";

export interface DemoAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * An anonymous demo-tier route: no key, the Partner API's envelope, omit rule and request ids.
 * Each handler applies its own limits first (lib/demo/demo-limits.ts).
 */
export function demoRoute(
  path: string,
  handler: (request: Request) => Promise<DemoAnswer>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestId = requestIdFor(request);
    try {
      const answer = await handler(request);
      return jsonResponse(answer.status, answer.body, { ...answer.headers, "x-request-id": requestId });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, requestId);
      log().error({ err: error, requestId, route: path }, "unhandled error");
      return errorResponse(new ApiError("internal_error"), requestId);
    }
  };
}

/** The exports of a demo route file: its verbs, and `405 method_not_allowed` with `Allow` for the rest. */
export function demoHandlers(
  path: string,
  verbs: Partial<Record<HttpMethod, (request: Request) => Promise<DemoAnswer>>>,
): Record<HttpMethod, Handler> {
  const allowed = httpMethods.filter((method) => verbs[method] !== undefined);
  const refuse = methodNotAllowed(allowed);
  return Object.fromEntries(
    httpMethods.map((method) => [method, verbs[method] ? demoRoute(path, verbs[method]) : refuse]),
  ) as Record<HttpMethod, Handler>;
}
