/**
 * The reference's front page (OpenAPI `info.description`, rendered as Markdown by /docs).
 * It states the conventions that hold for every operation, so operations need not repeat them
 * (spec: Conventions, Authentication, Errors, Limits, Versioning).
 */
export const apiDescription = `
AI-assisted video inspections for property-management and task platforms. This document is generated from
the same schemas that parse requests, so it cannot drift from what the service accepts.

## Conventions

- **Base URL.** Every path is relative to the server URL above (\`{base_url}\`). Paths carry \`/v1\` and no other
  version prefix.
- **JSON.** Requests and responses are JSON (\`application/json\`, UTF-8). A body is a JSON object.
- **Date-times** are ISO 8601 in UTC, e.g. \`2026-09-18T14:03:00.000Z\`. The one exception is a checklist item's
  \`timestamp\`: a number of seconds from the start of the video.
- **Your ids and ours.** \`workspace_id\`, \`task_id\` and \`property_id\` are *your* ids. They are opaque and matched
  literally, byte for byte: never case-folded, split, normalized or trimmed (the single exception: \`workspace_id\`
  in the body of \`POST /v1/workspaces\` is trimmed of surrounding whitespace). \`company_id\`, \`inspection_id\`,
  \`service_property_id\`, \`import_id\`, \`sync_id\`, \`event_id\`, checklist item \`id\` and finding \`id\` are issued by
  the service.
- **Ids in paths** are one path segment each: percent-encode reserved characters (\`encodeURIComponent\`), e.g.
  \`acme/east wing\` is sent as \`acme%2Feast%20wing\`. The service decodes a segment exactly once, so \`%2525\`
  means the id \`%25\`.
- **Omit rule.** An optional field that does not apply is omitted entirely: never sent as \`null\`, \`""\` or \`{}\`.
  The one deliberate exception is \`evidence\` on findings. The \`checklist\` key is omitted when the home has no
  checklist. Test for a field's presence, not for an empty value.
- **String lengths** ("max 200 characters") count Unicode code points: an emoji or an accented letter is one
  character, whatever its size in bytes or UTF-16 units.

## Authentication

Every operation takes the partner key as a bearer token: \`Authorization: Bearer service_pk_...\`. The key is a
server-side secret: never put it in a browser or a mobile app (this page therefore has no "Try it out"). One key
spans every workspace provisioned for the partner; \`workspace_id\` scopes each request. Up to two keys are active
at once, so a key can be rotated without downtime: deploy the second key, then have the first one revoked.

| Answer | Meaning |
|---|---|
| \`401 invalid_key\` | Header missing or malformed, or the key is unknown: a configuration bug. |
| \`403 key_revoked\` | The key was turned off (never answered as \`401\`). Use the other active key. |
| \`403 partner_disabled\` | The integration is paused or not registered. Rotating the key does not help. |
| \`503 service_unavailable\` | Key verification is failing on our side. Not a key problem: retry, never rotate. |

## Errors

Every non-2xx answer is one envelope, \`{ "error": { "code", "message", "detail"?, "next_steps"? } }\`
(schema \`ErrorEnvelope\`). \`code\` and \`message\` are always present; \`detail\` (keys vary by code) and
\`next_steps\` are omitted when they do not apply. **Branch on \`error.code\`, never on \`message\`**: messages are
written for people and may change. Treat a code you do not know as a failure of its status class.

Each operation lists, per status, every code it can answer. Two more hold for every path:

- \`404 not_found\`: no such path under \`/v1\`.
- \`405 method_not_allowed\`: the path exists but not with that method. The \`Allow\` header and
  \`detail.allowed_methods\` list the methods it accepts.

A body larger than the operation's cap is refused with \`413 payload_too_large\` before it is read;
\`detail.limit_bytes\` gives the cap, which each operation states.

## Rate limits

Calls are limited per key over short windows, and creating workspaces, roster imports, claims and manual syncs
have tighter limits of their own (repeat provisioning calls for an existing workspace do not count as creation).
Over a limit the answer is \`429 too_many_requests\` with a \`Retry-After\` header in seconds: wait that long, then
retry. The numbers are not part of the contract and may change; do not hard-code them.

## Request ids

Every answer carries an \`X-Request-Id\` header. Send your own \`X-Request-Id\` (8 to 128 characters from
\`A-Z a-z 0-9 . _ : -\`) to have it kept end to end; otherwise the service makes one. Quote it when asking for help.

## Webhooks

The service POSTs signed events to the one HTTPS receiver URL registered for you; registering answers the signing
secret (\`whsec_\` followed by base64), shown once. The events and their bodies are listed under **Webhooks** below.

- **Headers.** \`content-type: application/json\`, \`user-agent: Service-Webhooks/1\`, \`webhook-id\` (the body's
  \`event_id\`, the same on every retry and replay), \`webhook-timestamp\` (Unix seconds when this attempt was signed),
  \`webhook-signature\` (space-separated \`v1,<base64>\` entries: two during a secret rotation, the new secret first),
  and the deprecated \`X-Service-Signature: t=<unix>,v1=<hex>\` (one \`v1=\` per secret).
- **Verify** the raw body before parsing it; reject a timestamp more than 300 seconds from now; accept when any entry
  matches. Answer 2xx within 10 seconds; deduplicate on \`webhook-id\`; ignore event types you do not know (answer them
  2xx too). Order inspection events by \`completed_at\`, not by arrival.
- **Retries.** Six attempts: at once, then after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours. A non-2xx, a
  timeout, a connection error or a redirect (never followed) moves to the next. Each attempt is signed afresh.
- **Not sent** once your integration is paused, none of your keys holds the event family's scope
  (\`read:inspections\`, \`read:reservations\`, \`read:workspaces\`), the workspace is no longer yours, or the home was
  switched off (left the roster or lost \`billing_active\`) while the walkthrough was in flight. The API still holds
  every change.
- **Tracks.** A partner receives the three \`inspection.*\` events, or, on the reservations track (set by the
  service), \`reservation.*\` and \`workspace.*\` events instead. A reservation event for a home switched off is sent
  as the stub: \`reservation\` without \`property_id\`, \`check_in\` and \`check_out\`, and \`changes\` with only
  \`status\`.

With the Standard Webhooks library (\`npm install standardwebhooks\`):

\`\`\`ts
import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.WALKTHROUGH_WEBHOOK_SECRET!); // "whsec_..."

// rawBody: the request body exactly as received (a string or Buffer), before any JSON parsing.
export function readEvent(rawBody: string, headers: Record<string, string>) {
  // Throws on a bad signature or a timestamp more than 5 minutes off; checks every entry.
  return webhook.verify(rawBody, headers) as { event_id: string; event_type: string };
}
\`\`\`

The deprecated header, for receivers written before the \`webhook-*\` headers:

\`\`\`ts
import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyLegacy(header: string, rawBody: string, secret: string): boolean {
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string]);
  const t = Number(parts.find(([name]) => name === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
  const expected = createHmac("sha256", key).update(\`\${t}.\${rawBody}\`).digest();
  return parts.some(([name, hex]) => {
    const given = Buffer.from(name === "v1" ? hex : "", "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
\`\`\`

## Versioning

This is version \`v1\`. Additive changes (new fields, parameters, operations, error codes, event types, statuses and
stages) are made without a new version: ignore fields and event types you do not know, and treat a status or stage
you do not know as still in flight. Response schemas therefore do not forbid additional properties.

The machine-readable form of this reference is served at \`/v1/openapi.json\` (no key needed).
`.trim();

/** Descriptions for the tags operations use (spec, Endpoints); a tag without one is still listed. */
export const tagDescriptions: Record<string, string> = {
  Provisioning:
    "One workspace per partner customer. Provisioning is idempotent on your `workspace_id`; a new id always gets a " +
    "new, empty account, never a pre-existing one.",
  Roster: "The workspace's complete property roster: pushed as imports, or polled from a hosted feed.",
  "Home setup": "Per home: up to three checklists, a virtual tour, baseline photos.",
  "Recording links and inspections": "Recording links for cleaners, inspection status, findings and video.",
  "Workspace claims": "Give a customer an owner seat in their workspace.",
  Sandbox:
    "Integrate before any cleaner is involved: a sandbox key (created in the console or by staff) provisions sandbox " +
    "workspaces (`sandbox: true` on the Workspace record), where simulated walkthroughs run through the real pipeline " +
    "and send real signed events to your receiver. A sandbox key reaches only sandbox workspaces, a live key only " +
    "live ones.",
  Connectors:
    "Platforms read for you, enabled per workspace by the service (`GET /connectors` is the catalogue, no key). Calls " +
    "are `/connectors/<platform>/<operation>` with the partner key and `workspace_id`, outside `/v1`; one not enabled " +
    "answers `403 connector_not_enabled` with `next_steps`. The iCal connector reads each home's reservation calendar " +
    "and, for partners on the reservations track, sends `reservation.*` events.",
};
