import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverride,
  type ZodOpenApiParameters,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import { operations } from "../partner-api";
import { connectorOperations } from "../partner-api/connectors";
import type { AnyOperation } from "../http/operation";
import { apiDescription, tagDescriptions } from "./description";
import { bodyLimitOf, errorEnvelope, errorResponses } from "./error-responses";
import { webhooks } from "./webhooks";

/** Server url of the committed `openapi/openapi.json`; the served document names the real one. */
export const placeholderServerUrl = "http://localhost:3000";

const securityScheme = "partnerKey";

/**
 * Keeps the rendered schemas to what the contract says. Responses may gain fields in v1
 * (spec, Versioning), so they must not forbid extra properties; and the regexes zod emits
 * beside a `format`, integer bounds of ±2^53 and empty property lists are noise to a reader.
 */
const override: ZodOpenApiOverride = ({ jsonSchema, io }) => {
  const schema = jsonSchema as Record<string, unknown>;
  if (io === "output" && schema.additionalProperties === false) delete schema.additionalProperties;
  if (schema.format !== undefined) delete schema.pattern;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  // A loose `{}` renders as "properties: {}, additionalProperties: {}": the same as a bare object.
  if (isEmptyObject(schema.properties) && isEmptyObject(schema.additionalProperties)) {
    delete schema.properties;
    delete schema.additionalProperties;
  }
};

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

function requestParams(operation: AnyOperation): ZodOpenApiParameters | undefined {
  const params: ZodOpenApiParameters = {};
  if (operation.params) params.path = operation.params;
  if (operation.query) params.query = operation.query;
  if (operation.headers) params.header = operation.headers;
  return Object.keys(params).length > 0 ? params : undefined;
}

function toOperationObject(operation: AnyOperation): ZodOpenApiOperationObject {
  const params = requestParams(operation);
  const limit = bodyLimitOf(operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    tags: [operation.tag],
    security: [{ [securityScheme]: [] }],
    ...(params && { requestParams: params }),
    ...(operation.body && {
      requestBody: {
        required: true,
        description: `A JSON object of at most ${limit} bytes; a larger body is refused with \`413 payload_too_large\`.`,
        content: { "application/json": { schema: operation.body } },
      },
    }),
    responses: {
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            headers: { "X-Request-Id": { $ref: "#/components/headers/RequestId" } },
            content: { "application/json": { schema: response.schema } },
          },
        ]),
      ),
      ...errorResponses(operation),
    },
  };
}

function paths(list: AnyOperation[]): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const operation of list) {
    const method = operation.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    const item = (out[operation.path] ??= {});
    if (item[method]) throw new Error(`Two operations for ${operation.method} ${operation.path}`);
    item[method] = toOperationObject(operation);
  }
  return out;
}

function tags(list: AnyOperation[]): oas31.TagObject[] {
  const names = [...new Set(list.map((operation) => operation.tag))];
  return names.map((name) => (tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name }));
}

/** Header parameters are parsed from lower-cased names; the reference spells them as the spec does. */
function titleCaseHeaderNames(document: oas31.OpenAPIObject): oas31.OpenAPIObject {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, oas31.OperationObject>)) {
      for (const parameter of operation.parameters ?? []) {
        if ("in" in parameter && parameter.in === "header") {
          parameter.name = parameter.name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
        }
      }
    }
  }
  return document;
}

/**
 * The Partner API reference as OpenAPI 3.1, generated from `operations`: the zod schemas that
 * parse requests, the response schemas, and the error codes each operation can answer.
 */
export function buildOpenApiDocument(options: { serverUrl?: string; surface?: "all" | "connectors" } = {}): oas31.OpenAPIObject {
  // The whole reference (`/v1/openapi.json`, committed), or the connectors' part alone for the API catalogue.
  const list = options.surface === "connectors" ? connectorOperations : [...operations, ...connectorOperations];
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: { title: options.surface === "connectors" ? "Walkthrough Connectors" : "Walkthrough Partner API", version: "1", description: apiDescription },
      servers: [{ url: options.serverUrl ?? placeholderServerUrl, description: "This deployment" }],
      tags: tags(list),
      paths: paths(list),
      webhooks: webhooks(),
      components: {
        securitySchemes: {
          [securityScheme]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "service_pk_<secret>",
            description:
              "`Authorization: Bearer service_pk_...`: the partner key issued by the service. Server-side only.",
          },
        },
        schemas: { ErrorEnvelope: errorEnvelope },
        headers: {
          RequestId: {
            description: "The request's id: the caller's `X-Request-Id` when it was acceptable, else one made by the service.",
            schema: { type: "string" },
          },
          RetryAfter: {
            description: "Seconds to wait before retrying.",
            schema: { type: "integer", minimum: 1 },
          },
        },
      },
    },
    { override },
  );
  return titleCaseHeaderNames(document);
}

/** The committed file's exact text: `npm run openapi` writes it and a unit test compares it. */
export function committedOpenApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument({ serverUrl: placeholderServerUrl }), null, 2)}\n`;
}
