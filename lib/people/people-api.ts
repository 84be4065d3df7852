import "server-only";
import { z } from "zod";
import { incomingBody } from "../http/body";
import { defineRoute, ok } from "../http/operation";
import { jsonObject } from "../validation/json-object";
import { changeSeatRole, inviteToSeat, listSeats, removeSeat, setDeliveryChoice } from "./manage-seats";
import { readPhotoUpload, startPhotoUpload } from "./upload-photos";

/*
 * The JSON calls behind the signed-in property managers' pages (`auth: "session"`): the session
 * cookie, and changes only from this site's own pages (lib/http/auth/session.ts).
 */

const workspacePath = z.object({ workspaceId: z.string() });
const propertyPath = z.object({ propertyId: z.string() });

export const listWorkspaceSeats = defineRoute({
  auth: "session",
  method: "GET",
  path: "/api/workspaces/{workspaceId}/seats",
  params: workspacePath,
  handler: async ({ caller, params }) => ok(await listSeats(caller.id, params.workspaceId)),
});

export const inviteWorkspaceSeat = defineRoute({
  auth: "session",
  method: "POST",
  path: "/api/workspaces/{workspaceId}/seats",
  params: workspacePath,
  // seatInviteBody, parsed once the caller is found to own the workspace.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await inviteToSeat(caller, params.workspaceId, body)),
});

export const removeWorkspaceSeat = defineRoute({
  auth: "session",
  method: "DELETE",
  path: "/api/workspaces/{workspaceId}/seats/{seatId}",
  params: workspacePath.extend({ seatId: z.string() }),
  async handler({ caller, params }) {
    await removeSeat(caller, params.workspaceId, params.seatId);
    return ok({ removed: params.seatId });
  },
});

export const changeWorkspaceSeatRole = defineRoute({
  auth: "session",
  method: "PATCH",
  path: "/api/workspaces/{workspaceId}/seats/{seatId}",
  params: workspacePath.extend({ seatId: z.string() }),
  // seatRoleChangeBody, parsed once the caller is found to own the workspace.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await changeSeatRole(caller, params.workspaceId, params.seatId, body)),
});

export const setSeatDelivery = defineRoute({
  auth: "session",
  method: "PUT",
  path: "/api/seats/{seatId}/delivery",
  params: z.object({ seatId: z.string() }),
  // deliveryChoiceBody, parsed by setDeliveryChoice: its refusals carry their own codes (invalid_severity, invalid_choice).
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await setDeliveryChoice(caller.id, params.seatId, body)),
});

export const startBaselinePhotoUpload = defineRoute({
  auth: "session",
  method: "POST",
  path: "/api/properties/{propertyId}/baseline-photos",
  // Photos are a multipart upload, read as a stream by the operation under its own cap.
  bodyFormat: "multipart",
  params: propertyPath,
  handler: async ({ caller, request, params }) => ok(await startPhotoUpload(caller.id, params.propertyId, incomingBody(request))),
});

export const readBaselinePhotoUpload = defineRoute({
  auth: "session",
  method: "GET",
  path: "/api/properties/{propertyId}/baseline-photos/{importId}",
  params: propertyPath.extend({ importId: z.string() }),
  handler: async ({ caller, params }) => ok(await readPhotoUpload(caller.id, params.propertyId, params.importId)),
});
