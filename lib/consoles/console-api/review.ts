import "server-only";
import { z } from "zod";
import { defineRoute, ok } from "../../http/operation";
import {
  addFindingAs,
  decideItemAs,
  failAs,
  holdAs,
  partnerOf,
  releaseAs,
  releaseHoldAs,
  reviewFindingAs,
  reviewOf,
  reviewQueue,
  takeOverAs,
} from "../review-operations";
import { packetRedirect } from "../../evidence/packet-download";
import { jsonObject } from "./inputs";

/* The staff review console's calls (staff only), under /api/console/review. */

const base = "/api/console/review";
const inspectionPath = z.object({ inspectionId: z.string() });

export const listReviewQueue = defineRoute({
  auth: "staff",
  method: "GET",
  path: base,
  handler: async () => ok(await reviewQueue()),
});

export const readReview = defineRoute({
  auth: "staff",
  method: "GET",
  path: `${base}/{inspectionId}`,
  params: inspectionPath,
  handler: async ({ params }) => ok(await reviewOf(params.inspectionId)),
});

/** The desk's evidence packet link: on to a freshly signed packet link (lib/evidence/packet-download.ts). */
export const downloadReviewPacket = defineRoute({
  auth: "staff",
  method: "GET",
  path: `${base}/{inspectionId}/evidence`,
  params: inspectionPath,
  handler: async ({ params }) => {
    // An unknown inspection is 404 not_found, as the desk's other calls answer.
    await partnerOf(params.inspectionId);
    return { status: 303, body: undefined, file: await packetRedirect(params.inspectionId) };
  },
});

export const decideReviewItem = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/items/{itemId}`,
  params: inspectionPath.extend({ itemId: z.string() }),
  // itemVerdictBody, parsed once the inspection is found (an unknown one is 404 whatever the body says).
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await decideItemAs(caller.actor, params.inspectionId, params.itemId, body)),
});

export const addReviewFinding = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/findings`,
  params: inspectionPath,
  // Checked by the one rule (lib/review/staff-finding-rules.ts) after the inspection is found: an
  // unknown inspection is 404 whatever the body says.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await addFindingAs(caller.actor, params.inspectionId, body)),
});

export const reviewReviewFinding = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/findings/{findingId}`,
  params: inspectionPath.extend({ findingId: z.string() }),
  // findingReviewBody, parsed once the inspection is found.
  body: jsonObject,
  handler: async ({ caller, params, body }) =>
    ok(await reviewFindingAs(caller.actor, params.inspectionId, params.findingId, body)),
});

export const releaseReview = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/release`,
  params: inspectionPath,
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await releaseAs(caller.actor, params.inspectionId)),
});

export const failReview = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/fail`,
  params: inspectionPath,
  // failBody, parsed once the inspection is found.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await failAs(caller.actor, params.inspectionId, body)),
});

/* Review holds (lib/review/review-holds.ts): the desk renews its hold while open, lets go of it, or takes it over. */

export const renewReviewHold = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/hold`,
  params: inspectionPath,
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await holdAs(caller.person, params.inspectionId)),
});

export const releaseReviewHold = defineRoute({
  auth: "staff",
  method: "DELETE",
  path: `${base}/{inspectionId}/hold`,
  params: inspectionPath,
  handler: async ({ caller, params }) => ok(await releaseHoldAs(caller.person, params.inspectionId)),
});

export const takeOverReview = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/{inspectionId}/take-over`,
  params: inspectionPath,
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await takeOverAs(caller.person, params.inspectionId)),
});
