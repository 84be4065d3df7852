import "server-only";
import { deliverableEmail } from "../auth/email-address";
import { ApiError } from "../errors/api-error";
import { defineOperation } from "../http/operation";
import { claimWorkspace, invitationDays, serializeClaim } from "../people/claim-workspace";
import { claimBody, claimQuery, claimRecord } from "../people/schemas";

export const createWorkspaceClaim = defineOperation({
  method: "POST",
  auth: "partnerKey",
  path: "/v1/workspace-claims",
  operationId: "claimWorkspace",
  tag: "Provisioning",
  summary: "Invite the customer's owner (workspace claim)",
  description:
    "Mails `email` an invitation whose link signs the person in and makes them the workspace's owner; the Workspace's " +
    "`claim.state` reads `pending` until then and `claimed` after. The owner then invites managers and viewers in " +
    `the web app. The invitation is open ${invitationDays} days; a repeat for the same address while it is open ` +
    "answers `200` and mails a fresh link (the first answer is `201`), and a claim for another address replaces it.\n\n" +
    "Checks, in this order: the key; `workspace_id` (`400 missing_parameter`); the body's shape (`400`, naming " +
    "`detail.parameter`); `400 invalid_email` when the address cannot be sent to; `404 workspace_not_provisioned`; " +
    "`409 workspace_already_claimed`; `409 claim_requires_admin` when another key provisioned the workspace or it " +
    "already has people; then the claims rate limit (`429`), which counts every invitation mailed. `503 " +
    "service_unavailable` when the mail could not be sent: the invitation stands, and repeating the call sends it.",
  query: claimQuery,
  body: claimBody,
  responses: {
    201: { description: "Invitation mailed", schema: claimRecord },
    200: { description: "The open invitation to the same address, mailed again", schema: claimRecord },
  },
  errors: [
    "missing_parameter",
    "invalid_request",
    "invalid_email",
    "workspace_not_provisioned",
    "workspace_already_claimed",
    "claim_requires_admin",
    "payload_too_large",
  ],
  async handler({ caller, query, body }) {
    const email = deliverableEmail(body.email);
    if (email === undefined) throw new ApiError("invalid_email", { detail: { parameter: "email" } });
    const outcome = await claimWorkspace({
      partnerId: caller.partnerId,
      keyId: caller.keyId,
      workspaceId: query.workspace_id,
      email,
      name: body.name,
    });
    return { status: outcome.created ? 201 : 200, body: serializeClaim(outcome) };
  },
});
