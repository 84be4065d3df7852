import { ApiError } from "../errors/api-error";
import { omitEmpty } from "./omit";

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(omitEmpty(body)), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(error: ApiError, requestId: string): Response {
  return jsonResponse(error.status, error.toEnvelope(), { ...error.headers, "x-request-id": requestId });
}
