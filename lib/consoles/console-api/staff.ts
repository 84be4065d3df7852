import "server-only";
import { z } from "zod";
import { defineRoute, ok } from "../../http/operation";
import { listAudit } from "../audit";
import { setEventTrackAs } from "../connector-operations";
import { addStaff, listStaff } from "../console-people";
import { inspectionsPage } from "../inspections-page";
import { failedJobsOf, jobsOverview, retryGivenUpAs, retryOneGivenUpAs } from "../job-operations";
import {
  createPartnerAs,
  partnersPage,
  setPartnerStatusAs,
  setRecordingRetentionAs,
  setRosterMaxAs,
} from "../partner-operations";
import { createPartnerBody, updatePartnerBody } from "../schemas";
import { cursorQuery, jsonObject, partnerPath } from "./inputs";

/* The staff console's own calls (staff only): jobs, audit, staff, inspections, partners. */

export const readJobs = defineRoute({
  auth: "staff",
  method: "GET",
  path: "/api/console/jobs",
  handler: async () => ok(await jobsOverview()),
});

export const retryJobs = defineRoute({
  auth: "staff",
  method: "POST",
  path: "/api/console/jobs/{queue}/retry",
  params: z.object({ queue: z.string() }),
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await retryGivenUpAs(caller.actor, params.queue)),
});

export const listFailedJobs = defineRoute({
  auth: "staff",
  method: "GET",
  path: "/api/console/jobs/{queue}/failed",
  params: z.object({ queue: z.string() }),
  handler: async ({ params }) => ok(await failedJobsOf(params.queue)),
});

export const retryFailedJob = defineRoute({
  auth: "staff",
  method: "POST",
  path: "/api/console/jobs/{queue}/failed/{jobId}/retry",
  params: z.object({ queue: z.string(), jobId: z.string() }),
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await retryOneGivenUpAs(caller.actor, params.queue, params.jobId)),
});

export const auditQuery = z.object({ before: z.string().optional() });

export const listStaffAudit = defineRoute({
  auth: "staff",
  method: "GET",
  path: "/api/console/audit",
  query: auditQuery,
  handler: async ({ query }) => ok(await listAudit({}, query.before)),
});

export const listStaffMembers = defineRoute({
  auth: "staff",
  method: "GET",
  path: "/api/console/staff",
  handler: async () => ok({ staff: await listStaff() }),
});

export const addStaffMember = defineRoute({
  auth: "staff",
  method: "POST",
  path: "/api/console/staff",
  // Parsed by addStaff (consoleEmailBody), as the CLI's `staff add` is: a refusal is `invalid_email`.
  body: jsonObject,
  handler: async ({ caller, body }) => ok(await addStaff(body, caller.actor)),
});

export const inspectionsQuery = cursorQuery.extend({ status: z.string().optional(), workspace: z.string().optional() });

export const listAllInspections = defineRoute({
  auth: "staff",
  method: "GET",
  path: "/api/console/inspections",
  query: inspectionsQuery,
  handler: async ({ query }) => ok(await inspectionsPage({ status: query.status, workspace: query.workspace }, query.cursor)),
});

export const listPartners = defineRoute({
  auth: "staff",
  method: "GET",
  path: "/api/console/partners",
  query: cursorQuery,
  handler: async ({ query }) => ok(await partnersPage(query.cursor)),
});

export const createPartner = defineRoute({
  auth: "staff",
  method: "POST",
  path: "/api/console/partners",
  body: createPartnerBody,
  handler: async ({ caller, body }) => ok(await createPartnerAs(caller.actor, body.name)),
});

/** Staff change a partner's status, roster cap, media retention or event track; each change is audited on its own. */
export const updatePartner = defineRoute({
  auth: "staff",
  method: "PATCH",
  path: "/api/console/partners/{partnerId}",
  params: partnerPath,
  body: updatePartnerBody,
  async handler({ caller, params: { partnerId }, body }) {
    if (body.status !== undefined) await setPartnerStatusAs(caller.actor, partnerId, body.status);
    if (body.rosterMax !== undefined) await setRosterMaxAs(caller.actor, partnerId, body.rosterMax);
    if (body.recordingRetentionDays !== undefined)
      await setRecordingRetentionAs(caller.actor, partnerId, body.recordingRetentionDays);
    if (body.eventTrack !== undefined) await setEventTrackAs(caller.actor, partnerId, body.eventTrack);
    return ok({ partnerId });
  },
});
