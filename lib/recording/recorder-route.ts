import type { z } from "zod";
import { log } from "../log";
import { parseJsonObject, readBodyText } from "../http/body";
import { clientLimitKey } from "../http/client-address";
import { ApiError } from "../errors/api-error";
import { type HttpMethod, httpMethods } from "../http/operation";
import { pathParams } from "../http/path-params";
import { consumeRateLimit, countUnknownCredential } from "../http/rate-limit";
import { requestIdFor } from "../http/request-id";
import { errorResponse, jsonResponse } from "../http/respond";
import { type Handler, methodNotAllowed } from "../http/route-handlers";
import { parseOrThrow } from "../http/validation";
import { findRecorderTask, type RecorderTask } from "./find-recorder-task";

/*
 * The recording app's own API, under `/r/<token>/api/...` (lib/recording/README.md). The token in
 * the path is the only credential: no partner key ever reaches a browser. The wrapper owns, in
 * this order, the token lookup (an unknown token answers the same 404 as a missing path, and
 * counts against the client address: 429 past its limit; a valid one is served from any address),
 * the per-link limit, and the JSON body; handlers hold the rules.
 * Logs name the task, never the token or the URL that carries it.
 */

const recorderBodyLimitBytes = 64 * 1024;

export interface RecorderContext<B> {
  request: Request;
  requestId: string;
  task: RecorderTask;
  /** Path parameters other than the token, decoded once. */
  params: Record<string, string>;
  body: B;
}

export interface RecorderResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RecorderOperation<S extends z.ZodType | undefined = z.ZodType | undefined> {
  method: HttpMethod;
  /** `/r/{token}/api/parts/{part_number}`: where the token and other parameters sit in the path. */
  path: string;
  /** A JSON body parsed with this schema; without it the handler reads the body itself (or none). */
  body?: S;
  handler(context: RecorderContext<S extends z.ZodType ? z.output<S> : undefined>): Promise<RecorderResult>;
}

export function defineRecorderOperation<S extends z.ZodType | undefined = undefined>(operation: RecorderOperation<S>) {
  return operation;
}

const notFound = () => new ApiError("not_found", { message: "No such recording link." });

async function identify(request: Request, token: string): Promise<RecorderTask> {
  const task = await findRecorderTask(token);
  if (!task) {
    countUnknownCredential(clientLimitKey(request));
    throw notFound();
  }
  await consumeRateLimit("recorder", task.taskId);
  return task;
}

async function run(
  operation: RecorderOperation,
  request: Request,
  requestId: string,
  seen: { taskId?: string },
): Promise<Response> {
  const { token = "", ...params } = pathParams(operation.path, request.url);
  const task = await identify(request, token);
  seen.taskId = task.taskId;
  const body = operation.body
    ? parseOrThrow(operation.body, parseJsonObject(await readBodyText(request, recorderBodyLimitBytes)))
    : undefined;
  const result = await operation.handler({ request, requestId, task, params, body });
  return jsonResponse(result.status, result.body, { ...result.headers, "x-request-id": requestId });
}

function serve(operation: RecorderOperation): Handler {
  // The route as logged: the token replaced by its placeholder.
  const route = operation.path;
  return async (request) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const fields: { taskId?: string } = {};
    let response: Response;
    try {
      response = await run(operation, request, requestId, fields);
    } catch (error) {
      if (error instanceof ApiError) response = errorResponse(error, requestId);
      else {
        log().error({ err: error, requestId, taskId: fields.taskId, route }, "unhandled error in the recorder API");
        response = errorResponse(new ApiError("internal_error"), requestId);
      }
    }
    log().info(
      {
        requestId,
        taskId: fields.taskId,
        method: request.method,
        route,
        status: response.status,
        durationMs: Math.round(performance.now() - started),
      },
      "recorder request",
    );
    return response;
  };
}

/** The exports of one recorder `route.ts`: each operation under its verb, 405 under the others. */
export function recorderHandlers(...operations: RecorderOperation[]): Record<HttpMethod, Handler> {
  const refuse = methodNotAllowed(operations.map((operation) => operation.method));
  return Object.fromEntries(
    httpMethods.map((method) => {
      const operation = operations.find((candidate) => candidate.method === method);
      return [method, operation ? serve(operation) : refuse];
    }),
  ) as Record<HttpMethod, Handler>;
}
