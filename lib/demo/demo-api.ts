import { z } from "zod";
import { defineRoute } from "../http/operation";
import { requestAccess } from "./access-request";
import { confirmSubmission } from "./confirm-submission";
import { readSubmission } from "./read-submission";
import { submitPhotos } from "./submit-photos";
import { submitVideo } from "./submit-video";

/*
 * The demo tier's calls (anonymous, `auth: "none"`): the Partner API's envelope, omit rule and
 * request ids. The route files under app/demo export them through routeHandlers.
 */

export const postPhotoSubmission = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/inspections",
  handler: ({ request }) => submitPhotos(request),
});

export const readPhotoSubmission = defineRoute({
  auth: "none",
  method: "GET",
  path: "/demo/inspections/{request_id}",
  params: z.object({ request_id: z.string() }),
  handler: ({ request, params }) => readSubmission(request, params.request_id),
});

export const postVideoSubmission = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/videos",
  handler: ({ request }) => submitVideo(request),
});

export const postConfirmation = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/confirmations",
  handler: ({ request }) => confirmSubmission(request),
});

export const postAccessRequest = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/access-requests",
  handler: ({ request }) => requestAccess(request),
});
