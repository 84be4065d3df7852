import "server-only";
import { z } from "zod";
import { ApiError } from "../errors/api-error";
import { packetRedirect } from "../evidence/packet-download";
import { defineRoute } from "../http/operation";
import { isUuid } from "../validation/uuid";
import { db } from "../db/client";
import { mayReadReportsOf } from "./read-report";

/*
 * The evidence packet behind the report page's button (`auth: "session"`): whoever may read the
 * report is sent on to a fresh signed packet link; no access and no such inspection read the same
 * 404, a walkthrough not sealed yet 409 video_not_ready.
 */
export const downloadReportPacket = defineRoute({
  auth: "session",
  method: "GET",
  path: "/reports/{inspectionId}/evidence",
  params: z.object({ inspectionId: z.string() }),
  async handler({ caller, params }) {
    const inspection = isUuid(params.inspectionId)
      ? await db().inspection.findUnique({
          where: { id: params.inspectionId },
          select: { workspaceId: true, workspace: { select: { partnerId: true } } },
        })
      : null;
    if (!inspection || !(await mayReadReportsOf(caller.id, inspection))) {
      throw new ApiError("not_found", { message: "No such report." });
    }
    return { status: 303, body: undefined, file: await packetRedirect(params.inspectionId) };
  },
});
