import { randomUUID } from "node:crypto";
import { describe, it } from "vitest";
import type { AnyOperation } from "../../lib/http/operation";
import { generateApiKey } from "../../lib/partners/api-key-secret";
import { issueApiKey } from "../../lib/partners/issue-api-key";
import { revokeApiKey } from "../../lib/partners/revoke-api-key";
import { createTestPartner, setPartnerStatus } from "../fixtures/partners";
import { item, snapshot } from "../fixtures/roster";
import { shareLink } from "../fixtures/tours";
import { call, type CallOptions, expectError } from "./api";

/** A call valid apart from its key: the path with its parameters filled in, and what else it needs. */
export type SecurityRequest = { path: string } & Omit<CallOptions, "key">;

/** How the operation list and `securityRequests` name an operation: `POST /v1/workspaces`. */
export const operationLabel = (operation: Pick<AnyOperation, "method" | "path">) => `${operation.method} ${operation.path}`;

/**
 * One call per partner API operation (lib/partner-api/index.ts), by `operationLabel`: every one
 * gets the authentication cases in tests/integration/partner-api-security.test.ts, and an
 * operation missing here fails the suite (tests/unit/security-cases.test.ts).
 */
export const securityRequests: Record<string, SecurityRequest> = {
  "POST /v1/workspaces": { path: "/v1/workspaces", body: { workspace_id: "security-case", name: "Security" } },
  "GET /v1/workspaces/{workspace_id}": { path: "/v1/workspaces/anything" },
  "POST /v1/roster-imports": {
    path: "/v1/roster-imports?workspace_id=x",
    headers: { "idempotency-key": "k" },
    body: snapshot([item("a")]),
  },
  "GET /v1/roster-imports/{import_id}": { path: `/v1/roster-imports/${randomUUID()}?workspace_id=x` },
  "GET /v1/properties": { path: "/v1/properties?workspace_id=x" },
  "POST /v1/roster-syncs": { path: "/v1/roster-syncs", query: { workspace_id: "any" } },
  "PUT /v1/properties/{property_id}/checklist": {
    path: "/v1/properties/a/checklist?workspace_id=x",
    body: { items: [{ name: "Kitchen" }] },
  },
  "GET /v1/properties/{property_id}/checklist": { path: "/v1/properties/a/checklist?workspace_id=x" },
  "DELETE /v1/properties/{property_id}/checklist": { path: "/v1/properties/a/checklist?workspace_id=x" },
  "PUT /v1/properties/{property_id}/tour": { path: "/v1/properties/forms/tour?workspace_id=x", body: { url: shareLink("abc") } },
  "DELETE /v1/properties/{property_id}/tour": { path: "/v1/properties/forms/tour?workspace_id=x" },
  "POST /v1/properties/{property_id}/baseline-photos": {
    path: "/v1/properties/a/baseline-photos?workspace_id=x",
    body: { photos: [{ url: "https://example.com/a.jpg" }] },
  },
  "GET /v1/properties/{property_id}/baseline-photos/imports/{import_id}": {
    path: `/v1/properties/a/baseline-photos/imports/${randomUUID()}?workspace_id=x`,
  },
  "GET /v1/recording-link": { path: "/v1/recording-link?workspace_id=x&task_id=t&property_id=p" },
  "GET /v1/inspections": { path: "/v1/inspections?workspace_id=x&task_id=t" },
  "GET /v1/inspections/{inspection_id}/findings": { path: `/v1/inspections/${randomUUID()}/findings?workspace_id=x` },
  "GET /v1/inspections/{inspection_id}/video": { path: `/v1/inspections/${randomUUID()}/video?workspace_id=x` },
  "GET /v1/inspections/{inspection_id}/evidence": { path: `/v1/inspections/${randomUUID()}/evidence?workspace_id=x` },
  "POST /v1/workspace-claims": {
    path: "/v1/workspace-claims?workspace_id=x",
    body: { email: "owner@walkthrough.dev", name: "Owner" },
  },
  "POST /v1/sandbox/walkthroughs": { path: "/v1/sandbox/walkthroughs?workspace_id=x&task_id=t&property_id=p" },
};

/** The operations with no entry in `requests`, and the entries that name no operation, by label. */
export function securityCaseGaps(
  operations: readonly Pick<AnyOperation, "method" | "path">[],
  requests: Record<string, SecurityRequest> = securityRequests,
): { missing: string[]; unknown: string[] } {
  const labels = new Set(operations.map(operationLabel));
  return {
    missing: [...labels].filter((label) => !(label in requests)),
    unknown: Object.keys(requests).filter((label) => !labels.has(label)),
  };
}

/**
 * The authentication cases every partner route must answer the same way (spec,
 * Authentication). `request` describes a valid call apart from its key. A route that checks the
 * partner in its handler (`partnerCheck: "in-handler"`, after its workspace) answers a paused
 * partner's call for a workspace it does not own with that 404; its own file tests the 403.
 */
export function describeSecurity(
  name: string,
  request: { method: string; path: string } & Omit<CallOptions, "key">,
  options: { partnerCheckInHandler?: boolean } = {},
) {
  describe(`${name}: security`, () => {
    const send = (key: string | null, headers: Record<string, string> = {}) =>
      call(request.method, request.path, { ...request, key, headers: { ...request.headers, ...headers } });

    it("answers 401 invalid_key without an Authorization header", async () => {
      expectError(await send(null), 401, "invalid_key");
    });

    it("answers 401 invalid_key for a malformed header or key", async () => {
      expectError(await send(null, { authorization: "Basic abc" }), 401, "invalid_key");
      expectError(await send("service_pk_short"), 401, "invalid_key");
      expectError(await send(null, { authorization: "Bearer" }), 401, "invalid_key");
    });

    it("answers 401 invalid_key for a well-formed key nobody issued", async () => {
      expectError(await send(generateApiKey()), 401, "invalid_key");
    });

    it("answers 403 key_revoked (never 401) for a revoked key, while the partner's other key works", async () => {
      const partner = await createTestPartner();
      const second = await issueApiKey(partner.partnerId);
      await revokeApiKey(partner.keyId);
      expectError(await send(partner.apiKey), 403, "key_revoked");
      const other = await send(second.apiKey);
      if (other.status === 401 || other.status === 403) throw new Error(`second key refused: ${other.text}`);
    });

    it("answers 403 partner_disabled when the partner is paused", async () => {
      const partner = await createTestPartner();
      await setPartnerStatus(partner.partnerId, "paused");
      const answer = await send(partner.apiKey);
      if (options.partnerCheckInHandler) expectError(answer, 404, "workspace_not_provisioned");
      else expectError(answer, 403, "partner_disabled");
    });
  });
}
