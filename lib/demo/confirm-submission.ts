import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { z } from "zod";
import { enqueue } from "../queue/enqueue";
import { retentionMs } from "./demo-limits";
import type { demoConfirmationBody } from "./schemas";
import { hashToken } from "./tokens";

/**
 * `POST /demo/confirmations`: the mailed link's token proves the address. Photos are queued for
 * analysis, a video is kept; the retention period starts now. A second confirmation answers the
 * same without queueing again; an unknown or lapsed token is `404 not_found`.
 */
export async function confirmSubmission(body: z.output<typeof demoConfirmationBody>, now = new Date()) {
  const answer = await db().$transaction(async (tx) => {
    const submission = await tx.demoSubmission.findUnique({ where: { confirmTokenHash: hashToken(body.token) } });
    if (!submission || (submission.confirmedAt === null && submission.expiresAt <= now)) {
      throw new ApiError("not_found", {
        message: "No submission awaits this confirmation: the link is wrong, or the submission lapsed and was deleted.",
      });
    }
    if (submission.confirmedAt !== null) return { request_id: submission.id, status: submission.status };
    // Conditional on still awaiting: two clicks at once queue the analysis once.
    const status = submission.kind === "photos" ? ("queued" as const) : ("received" as const);
    const { count } = await tx.demoSubmission.updateMany({
      where: { id: submission.id, confirmedAt: null },
      data: { confirmedAt: now, status, expiresAt: new Date(now.getTime() + retentionMs()) },
    });
    if (count === 1 && submission.kind === "photos") await enqueue("analyze-demo", { submissionId: submission.id }, { tx });
    return { request_id: submission.id, status };
  });
  return answer;
}
