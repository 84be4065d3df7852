import "server-only";
import { z } from "zod";
import { bearerToken } from "../http/auth/partner-key";
import { clientLimitKey } from "../http/client-address";
import { defineRoute } from "../http/operation";
import { requestAccess } from "./access-request";
import { confirmSubmission } from "./confirm-submission";
import { readSubmission } from "./read-submission";
import { demoAccessRequestBody, demoConfirmationBody, demoPhotosBody } from "./schemas";
import { submitPhotos } from "./submit-photos";
import { submitVideo } from "./submit-video";

/*
 * The demo tier's calls (anonymous, `auth: "none"`): the Partner API's envelope, omit rule and
 * request ids. Every submission counts against its client address (an IPv6 client's /64) first,
 * valid or not (the `demo` bucket, RATE_LIMIT_DEMO per window). The route files under app/demo
 * export them through routeHandlers.
 */

export const postPhotoSubmission = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/inspections",
  rateLimit: "demo",
  body: demoPhotosBody,
  handler: async ({ body }) => ({ status: 202, body: await submitPhotos(body) }),
});

/** Polled with `Authorization: Bearer <poll_token>`; a wrong token counts against the address. */
export const readPhotoSubmission = defineRoute({
  auth: "none",
  method: "GET",
  path: "/demo/inspections/{request_id}",
  params: z.object({ request_id: z.string() }),
  headers: z.object({ authorization: z.string().optional() }),
  handler: async ({ request, params, headers }) => ({
    status: 200,
    body: await readSubmission(params.request_id, bearerToken(headers.authorization ?? null), clientLimitKey(request)),
  }),
});

export const postVideoSubmission = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/videos",
  rateLimit: "demo",
  // The form is a stream read by submitVideo under its own cap, the file stored as it arrives.
  async handler({ request }) {
    const length = Number(request.headers.get("content-length") ?? Number.NaN);
    const upload = {
      contentType: request.headers.get("content-type") ?? "",
      contentLength: Number.isFinite(length) ? length : undefined,
      body: request.body,
      signal: request.signal,
    };
    return { status: 202, body: await submitVideo(upload) };
  },
});

export const postConfirmation = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/confirmations",
  bodyLimitBytes: 4096,
  body: demoConfirmationBody,
  handler: async ({ body }) => ({ status: 200, body: await confirmSubmission(body) }),
});

export const postAccessRequest = defineRoute({
  auth: "none",
  method: "POST",
  path: "/demo/access-requests",
  rateLimit: "demo",
  bodyLimitBytes: 16 * 1024,
  body: demoAccessRequestBody,
  handler: async ({ body }) => ({ status: 201, body: await requestAccess(body) }),
});
