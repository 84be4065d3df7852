import { describe, it } from "vitest";
import { generateApiKey } from "../../lib/partners/api-key-secret";
import { issueApiKey } from "../../lib/partners/issue-api-key";
import { revokeApiKey } from "../../lib/partners/revoke-api-key";
import { createTestPartner, setPartnerStatus } from "../fixtures/partners";
import { call, type CallOptions, expectError } from "./api";

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
