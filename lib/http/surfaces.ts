import { ApiError } from "../errors/api-error";
import type { Surface } from "./auth/authenticator";
import { parseJsonObject } from "./body";
import { errorResponse, jsonResponse } from "./respond";
import { issueToApiError } from "./validation";

/** The partner API's answers (spec, Conventions), shared by the recording app and the demo tier: omit rule, request id. */
export const apiSurface: Surface = {
  success: (status, body, headers, requestId) => jsonResponse(status, body, { ...headers, "x-request-id": requestId }),
  refusal: errorResponse,
  refuseInput: (issue, input) => issueToApiError(issue, input),
  internalError: () => new ApiError("internal_error"),
  parseBody: parseJsonObject,
};

const pageJson = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...headers, "cache-control": "no-store" } });

/**
 * The signed-in pages' answers (people pages, both consoles): the body as the page reads it, and
 * refusals as `{ error: { code, message } }` for the page to show.
 */
export const pageSurface: Surface = {
  success: (status, body, headers) => pageJson(status, body, headers),
  // The pages show the message; the schemas word it for a person (lib/review/staff-finding-rules.ts).
  refuseInput: (issue) => new ApiError("invalid_request", { message: issue.message }),
  refusal: (error) => pageJson(error.status, { error: { code: error.code, message: error.message } }, error.headers),
  internalError: () => new ApiError("internal_error", { message: "Something went wrong. Try again." }),
  parseBody(text) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new ApiError("invalid_body", { message: "The request was not understood." });
    return body as Record<string, unknown>;
  },
};
