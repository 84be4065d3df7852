import { operations } from "../partner-api";
import { connectorOperations } from "../partner-api/connectors";
import { bookACallUrl } from "../connectors/catalog";
import { type DocumentedErrorCode, errorStatus } from "../errors/error-codes";
import type { AnyOperation } from "../http/operation";
import { errorMeaning } from "../openapi/error-codes";
import { eventSchemas, type EventType } from "../webhooks/payloads";
import { surfaces } from "./surfaces";

/*
 * `/llms.txt` (llmstxt.org): a plain-text quickstart for agents. The operation list, the error
 * table and the event types are generated from the sources the OpenAPI document is built from,
 * so they cannot drift; tests/integration/discovery.test.ts checks that every call shown is one
 * of those operations and that every link answers.
 */

export interface FirstCall {
  method: "GET" | "POST";
  /** As the OpenAPI document writes it. */
  path: string;
  why: string;
  query: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The first calls an integration makes, in order; each is an operation of `operations`, and the tests make them. */
export const firstCalls: FirstCall[] = [
  {
    method: "POST",
    path: "/v1/workspaces",
    why: "Provision a workspace per customer (idempotent on your `workspace_id`).",
    query: {},
    body: { workspace_id: "acme-1", name: "Acme Rentals" },
  },
  {
    method: "POST",
    path: "/v1/roster-imports",
    why: "Send the complete property roster; read the run it answers (`GET /v1/roster-imports/{import_id}`) until `applied`.",
    query: { workspace_id: "acme-1" },
    headers: { "Idempotency-Key": "roster-2026-11-25" },
    body: {
      complete: true,
      observed_at: "2026-11-25T12:00:00Z",
      total_count: 1,
      properties: [
        {
          property_id: "home-1",
          name: "Harbour Loft",
          address: {
            line1: "1 Main Street",
            city: "Leeds",
            region: "West Yorkshire",
            postal_code: "LS1 1AA",
            country_code: "GB",
          },
        },
      ],
    },
  },
  {
    method: "GET",
    path: "/v1/recording-link",
    why: "Ask for a task's recording link and give `recording_url` to the cleaner (idempotent on `task_id`).",
    query: { workspace_id: "acme-1", task_id: "task-42", property_id: "home-1" },
  },
  {
    method: "GET",
    path: "/v1/inspections",
    why: "Read the walkthrough's status and checklist results (at most once a minute per task; webhooks tell you sooner).",
    query: { workspace_id: "acme-1", task_id: "task-42" },
  },
  {
    method: "GET",
    path: "/v1/inspections/{inspection_id}/findings",
    why: "Read the findings once the report is released (`409 report_not_ready` before; `404 report_not_available` if the inspection failed, do not poll); `inspection_id` comes from the status read.",
    query: { workspace_id: "acme-1" },
  },
];

export function curlOf(call: FirstCall, base: string): string {
  const path = call.path.replace("{inspection_id}", "$INSPECTION_ID");
  const query = new URLSearchParams(call.query).toString();
  const lines = [
    `curl${call.method === "GET" ? "" : ` -X ${call.method}`} "${base}${path}${query ? `?${query}` : ""}" -H "Authorization: Bearer $KEY"`,
  ];
  for (const [name, value] of Object.entries(call.headers ?? {})) lines.push(`-H "${name}: ${value}"`);
  if (call.body !== undefined) lines.push(`-H "Content-Type: application/json" -d '${JSON.stringify(call.body)}'`);
  return lines.join(" \\\n  ");
}

const operationLine = (operation: AnyOperation) => `- ${operation.method} ${operation.path}: ${operation.summary}`;

function errorTable(): string {
  return (Object.keys(errorMeaning) as DocumentedErrorCode[])
    .map((code) => `- ${errorStatus[code]} ${code}: ${errorMeaning[code]}`)
    .join("\n");
}

export function llmsText(base: string): string {
  const eventTypes = (Object.keys(eventSchemas) as EventType[]).map((type) => `\`${type}\``).join(", ");
  return `# Walkthrough

> AI-assisted video inspections that property-management and task platforms add to their own software: a cleaner
> records a walkthrough on a phone from a link you hand them; you get signed webhooks with checklist results and,
> later, the report's findings and the video through the Partner API.

## Get a key

Partner keys (\`service_pk_...\`) are issued by the service, never self-served: book a call at ${bookACallUrl()},
or ask with \`POST ${base}/demo/access-requests\` (no key). To see the analysis first, the demo tier takes photos without
a key: \`POST ${base}/demo/inspections\` (see ${base}/docs/demo).
Send it as \`Authorization: Bearer <key>\`; it is a server-side secret. Up to two keys are active at once, for
rotation. Every call names the customer's workspace with \`workspace_id\` (your own id).

## Try it in the sandbox first

Ask for a sandbox key too (the partner console's "Create sandbox key"; it does not count toward the two live keys).
With it, the calls below provision a sandbox workspace (\`sandbox: true\` on its record) and, once its roster is in,
\`POST ${base}/v1/sandbox/walkthroughs?workspace_id=&property_id=&task_id=&outcome=findings\` (or \`clean\`, \`missed\`)
answers \`202 {inspection_id}\` and runs a shipped recording through the real pipeline: your receiver gets the signed
\`inspection.recording_completed\` and \`inspection.completed\`, and every read answers as for a real walkthrough. No cleaner,
no staff review, no usage billed. A sandbox key sees only sandbox workspaces, a live key only live ones.

## The first five calls

${firstCalls.map((call, index) => `${index + 1}. ${call.why}\n\n\`\`\`sh\n${curlOf(call, base)}\n\`\`\``).join("\n\n")}

## Errors

Every non-2xx answer is \`{"error":{"code","message","detail"?,"next_steps"?}}\`. Branch on \`error.code\`, never on
\`message\`; \`detail.parameter\` names the field at fault. On \`429\` wait \`Retry-After\` seconds. Codes:

${errorTable()}

## Idempotency

\`POST /v1/workspaces\` is idempotent on \`workspace_id\`; \`GET /v1/recording-link\` on \`task_id\`. Roster imports
take an \`Idempotency-Key\` header: the same key with the same body answers the first run again, with a different
body \`409 idempotency_conflict\`. Retrying after a \`5xx\` or a timeout is always safe.

## Webhooks

Register one HTTPS receiver; the answer carries its secret (\`whsec_...\`), shown once. Events: ${eventTypes}.
Each POST carries \`webhook-id\` (the event_id, the same on every retry), \`webhook-timestamp\` and
\`webhook-signature\` (\`v1,<base64>\` entries). Verify before parsing: HMAC-SHA256 with key = base64-decode(secret
after \`whsec_\`) over \`<webhook-id>.<webhook-timestamp>.<raw body>\`; accept if any \`v1,\` entry matches in constant
time; reject a timestamp more than 300 seconds off. Answer 2xx within 10 seconds, deduplicate on \`webhook-id\`,
ignore unknown event types. Six attempts over about 14.5 hours. The Standard Webhooks libraries verify all this.

## Surfaces

${surfaces(base)
  .map((surface) => `- [${surface.title}](${surface.docs}): ${surface.summary} Machine-readable: ${surface.openapi}`)
  .join("\n")}
- [Connector catalogue](${base}/connectors): every platform, its status and what enabling it takes.
- [API catalogue](${base}/.well-known/api-catalog): all of the above as an RFC 9727 linkset.

## Operations

${[...operations, ...connectorOperations].map(operationLine).join("\n")}
`;
}
