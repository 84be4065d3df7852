import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { ApiError, type ApiErrorOptions } from "../errors/api-error";
import { type DocumentedErrorCode, errorStatus } from "../errors/error-codes";
import { omitEmpty } from "../http/omit";
import { type AnyOperation, defaultBodyLimitBytes } from "../http/operation";
import { errorMeaning, operationErrorCodes } from "./error-codes";

type JsonSchema = Record<string, unknown>;

export const errorEnvelopeRef = "#/components/schemas/ErrorEnvelope";

/** The one error shape (spec, Error envelope); each response narrows `code` to what it can carry. */
export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({
        description:
          "Machine-readable reason. Branch on this. Each response lists the codes it can carry; treat an unknown " +
          "code as a failure of its status class.",
        example: "invalid_key",
      }),
      message: z.string().meta({ description: "For people. May change; never branch on it." }),
      detail: z.looseObject({}).optional().meta({ description: "Facts about the refusal; its keys depend on the code." }),
      next_steps: z.looseObject({}).optional().meta({ description: "What to do next (links); only some codes carry it." }),
    }),
  })
  .meta({ id: "ErrorEnvelope", description: "Every non-2xx answer. `detail` and `next_steps` are omitted when not applicable." });

const statusTitle: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  429: "Too many requests",
  500: "Internal error",
  503: "Service unavailable",
};

export const bodyLimitOf = (operation: AnyOperation) => operation.bodyLimitBytes ?? defaultBodyLimitBytes;

/** The operation's error codes, grouped under their status (ascending). */
export function errorCodesByStatus(operation: AnyOperation): Map<number, DocumentedErrorCode[]> {
  const byStatus = new Map<number, DocumentedErrorCode[]>();
  for (const code of operationErrorCodes(operation)) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** `detail` as the given codes fill it, where the contract fixes its keys. */
function detailSchema(status: number, operation: AnyOperation): JsonSchema | undefined {
  const own = operation.errorDetail?.[status];
  if (status === 400) {
    return {
      type: "object",
      properties: {
        parameter: { type: "string", description: "The field, parameter or header at fault, e.g. `properties[3].name`." },
        index: { type: "integer", description: "Position of the array element at fault, when there is one." },
        ...own,
      },
    };
  }
  if (own) return { type: "object", properties: { ...own } };
  if (status === 413) {
    return {
      type: "object",
      required: ["limit_bytes"],
      properties: { limit_bytes: { type: "integer", const: bodyLimitOf(operation), description: "This operation's cap." } },
    };
  }
  return undefined;
}

function responseSchema(status: number, codes: DocumentedErrorCode[], operation: AnyOperation): JsonSchema {
  const detail = detailSchema(status, operation);
  const error: JsonSchema = { type: "object", properties: { code: { type: "string", enum: codes }, ...(detail && { detail }) } };
  if (status === 413) error.required = ["detail"];
  return { allOf: [{ $ref: errorEnvelopeRef }, { type: "object", properties: { error } }] };
}

/** The first field a caller must send, to make the 400 examples concrete. */
function firstRequiredField(operation: AnyOperation): string {
  for (const schema of [operation.body, operation.params, operation.query, operation.headers]) {
    if (!(schema instanceof z.ZodObject)) continue;
    const shape = schema.shape as Record<string, z.ZodType>;
    const name = Object.keys(shape).find((key) => !shape[key]!.safeParse(undefined).success);
    if (name) return name;
  }
  return "body";
}

/** What the service attaches to the codes whose `detail` an example should show. */
function exampleOptions(code: DocumentedErrorCode, operation: AnyOperation): ApiErrorOptions | undefined {
  const parameter = firstRequiredField(operation);
  const pathParameter = operation.params instanceof z.ZodObject ? Object.keys(operation.params.shape)[0] : undefined;
  const limit = bodyLimitOf(operation);
  switch (code) {
    case "missing_parameter":
      return { message: `${parameter} is required.`, detail: { parameter } };
    case "invalid_request":
      if (operation.body) return { message: "The body is not valid JSON.", detail: { parameter: "body" } };
      if (pathParameter) {
        return {
          message: `${pathParameter} is not a validly percent-encoded path segment.`,
          detail: { parameter: pathParameter },
        };
      }
      return { message: `${parameter}: Invalid input`, detail: { parameter } };
    case "payload_too_large":
      return { message: `The request body is larger than this endpoint's limit of ${limit} bytes.`, detail: { limit_bytes: limit } };
    default:
      return undefined;
  }
}

/** An example answer for one code, built with the class the service throws. */
function example(code: DocumentedErrorCode, operation: AnyOperation) {
  const error = new ApiError(code, exampleOptions(code, operation));
  // Codes without a default message fall back to their name; the meaning's first sentence reads better.
  const message =
    error.message === code.replaceAll("_", " ") ? errorMeaning[code].split(/(?<=\.) /)[0] : error.message;
  return { summary: code, value: omitEmpty({ error: { ...error.toEnvelope().error, message } }) };
}

function description(status: number, codes: DocumentedErrorCode[]): string {
  const rows = codes.map((code) => `| \`${code}\` | ${errorMeaning[code]} |`);
  const title = statusTitle[status] ?? `HTTP ${status}`;
  return [`**${title}.** \`error.code\` is one of:`, "", "| Code | Meaning |", "|---|---|", ...rows].join("\n");
}

/** One response per error status the operation can answer, each listing its codes. */
export function errorResponses(operation: AnyOperation): Record<string, ZodOpenApiResponseObject> {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, codes] of errorCodesByStatus(operation)) {
    responses[String(status)] = {
      description: description(status, codes),
      headers: {
        "X-Request-Id": { $ref: "#/components/headers/RequestId" },
        ...((status === 429 || status === 503) && { "Retry-After": { $ref: "#/components/headers/RetryAfter" } }),
      },
      content: {
        "application/json": {
          schema: responseSchema(status, codes, operation),
          examples: Object.fromEntries(codes.map((code) => [code, example(code, operation)])),
        },
      },
      "x-error-codes": codes,
    };
  }
  return responses;
}
