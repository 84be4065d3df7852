import "server-only";
import { z } from "zod";
import { createDocument, type oas31 } from "zod-openapi";
import { placeholderServerUrl } from "../openapi/document";
import { errorEnvelope } from "../openapi/error-responses";
import { demoVideoLimitBytes } from "./demo-video-limits";
import {
  demoAcceptedRecord,
  demoAccessRequestBody,
  demoConfirmationBody,
  demoPhotosBody,
  demoStatus,
  demoSubmissionRecord,
} from "./schemas";

/*
 * The demo tier's own OpenAPI document (`/demo/openapi.json`), from the zod schemas that parse
 * its requests. No partner key anywhere; reading a submission takes its poll token.
 */

const json = (schema: z.ZodType) => ({ "application/json": { schema } });
const errors = (codes: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(codes).map(([status, description]) => [status, { description, content: json(errorEnvelope) }]),
  );

const description = `
The anonymous demo tier: no key. Send photos of a home by URL and read back what the analysis finds, in the
Partner API's Finding shape, tuned for precision over completeness (only findings the analysis is confident of).

- **Confirmation first.** Every submission mails a confirmation link to \`email\`; nothing is analysed and no
  result is mailed until it is followed and confirmed. Unconfirmed submissions are deleted after a day.
- **Poll token.** A submission answers \`request_id\` and \`poll_token\` once. Read it with
  \`GET /demo/inspections/{request_id}\` and \`Authorization: Bearer <poll_token>\`; the id alone reads nothing, and a
  wrong token answers exactly as an unknown id (\`404 not_found\`).
- **Limits.** Submissions are limited per client address (an IPv6 client's /64 counts as one) and per email
  address (\`429 too_many_requests\` with \`Retry-After\`); 1 to 10 photos, fetched under the Partner API's
  baseline-photo rules; videos up to ${demoVideoLimitBytes} bytes (MP4, MOV or WebM). Submissions and their media are
  deleted after the retention period (\`expires_at\`).
- **Videos: fields first.** Send \`email\` and \`accept_terms\` before the \`video\` file. Before a byte of the file is
  read, the service checks the fields (a file before them is refused as if they were missing), the email's daily limit,
  that few enough demo uploads are streaming (\`429 too_many_requests\`, \`Retry-After\`) and that the demo's storage
  for videos has room for the declared length, or the whole cap without one (\`507 insufficient_storage\`,
  \`Retry-After\`). A refusal then answers at once and closes the connection instead of reading the rest.
- **Videos** are received and stored, not analysed: analysis runs only on an account. Ask for Partner API access
  with \`POST /demo/access-requests\`.
- Errors use the Partner API's envelope, \`{ "error": { "code", "message", "detail"?, "next_steps"? } }\`.
`.trim();

export function buildDemoOpenApiDocument(serverUrl: string): oas31.OpenAPIObject {
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Walkthrough demo tier", version: "1", description },
    servers: [{ url: serverUrl, description: "This deployment" }],
    tags: [{ name: "Demo tier", description: "Anonymous: no key." }],
    paths: {
      "/demo/inspections": {
        post: {
          operationId: "submitDemoPhotos",
          tags: ["Demo tier"],
          summary: "Submit photos of a home for analysis",
          requestBody: { required: true, content: json(demoPhotosBody) },
          responses: {
            202: {
              description: "Accepted; a confirmation link was mailed. `poll_token` is shown this once.",
              content: json(demoAcceptedRecord),
            },
            ...errors({
              400: "`missing_parameter`, `invalid_request` (naming `detail.parameter`), `invalid_email`",
              413: "`payload_too_large`",
              429: "`too_many_requests`",
              503: "`service_unavailable`: the confirmation could not be mailed; nothing was kept",
            }),
          },
        },
      },
      "/demo/inspections/{request_id}": {
        get: {
          operationId: "readDemoSubmission",
          tags: ["Demo tier"],
          summary: "Read a submission with its poll token",
          security: [{ pollToken: [] }],
          requestParams: { path: z.object({ request_id: z.string().meta({ description: "From the submission's answer." }) }) },
          responses: {
            200: { description: "The submission as far as it has got", content: json(demoSubmissionRecord) },
            ...errors({
              404: "`not_found`: no such submission, a missing or wrong poll token, or one past its retention",
              429: "`too_many_requests`: too many wrong tokens from this address",
            }),
          },
        },
      },
      "/demo/confirmations": {
        post: {
          operationId: "confirmDemoSubmission",
          tags: ["Demo tier"],
          summary: "Confirm a submission (the mailed link's page calls this)",
          requestBody: { required: true, content: json(demoConfirmationBody) },
          responses: {
            200: {
              description: "Confirmed (again: the same answer)",
              content: json(z.object({ request_id: z.uuid(), status: demoStatus })),
            },
            ...errors({
              400: "`missing_parameter`, `invalid_request`",
              404: "`not_found`: an unknown token, or a submission that lapsed",
            }),
          },
        },
      },
      "/demo/videos": {
        post: {
          operationId: "submitDemoVideo",
          tags: ["Demo tier"],
          summary: "Submit a walkthrough video (stored; analysed only on an account)",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: z.object({
                  email: z.string().meta({ description: "Where the confirmation goes. Before the file." }),
                  accept_terms: z.literal("true").meta({ description: "Before the file." }),
                  video: z.string().meta({ format: "binary", description: "One MP4, MOV or WebM file, after the fields." }),
                }),
              },
            },
          },
          responses: {
            202: {
              description: "Received and stored; a confirmation link was mailed. Not analysed: `analysis: requires_account`.",
              content: json(demoAcceptedRecord.extend({ analysis: z.literal("requires_account"), size_bytes: z.int() })),
            },
            ...errors({
              400: "`missing_parameter`, `invalid_request` (naming `detail.parameter`; a file before `email` and `accept_terms` counts as without them), `invalid_email`",
              413: "`payload_too_large` with `detail.limit_bytes`",
              415: "`unsupported_media`: not an MP4, MOV or WebM file",
              429: "`too_many_requests`: the address's or the email's limit, or too many demo uploads at once; with `Retry-After`",
              503: "`service_unavailable`",
              507: "`insufficient_storage`: the demo's storage for videos is full for now; with `Retry-After`",
            }),
          },
        },
      },
      "/demo/access-requests": {
        post: {
          operationId: "requestPartnerApiAccess",
          tags: ["Demo tier"],
          summary: "Ask for Partner API access on behalf of the person worked for",
          requestBody: { required: true, content: json(demoAccessRequestBody) },
          responses: {
            201: {
              description: "Kept for staff; book the call",
              content: json(z.object({ request_id: z.uuid(), status: z.literal("received"), book_a_call_url: z.string() })),
            },
            ...errors({ 400: "`missing_parameter`, `invalid_request`, `invalid_email`", 429: "`too_many_requests`" }),
          },
        },
      },
    },
    components: {
      securitySchemes: { pollToken: { type: "http", scheme: "bearer", description: "The `poll_token` a submission answered." } },
    },
  });
}

/** The committed `openapi/demo.json`'s exact text: `npm run openapi` writes it and a unit test compares it. */
export function committedDemoOpenApiText(): string {
  return `${JSON.stringify(buildDemoOpenApiDocument(placeholderServerUrl), null, 2)}\n`;
}
