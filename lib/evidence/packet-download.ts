import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../validation/uuid";
import { signPacketLink } from "./packet-link";

/*
 * The packet from a page (the report page's button, the review desk's link): the person's access
 * is checked by the route, then they are sent on to a freshly signed packet link, so a page left
 * open for an hour still downloads (a link signed when the page was drawn would have expired).
 */
export async function packetRedirect(inspectionId: string): Promise<Response> {
  const recording = isUuid(inspectionId)
    ? await db().evidenceRecord.findUnique({
        where: { inspectionId_kind: { inspectionId, kind: "recording" } },
        select: { inspectionId: true },
      })
    : null;
  if (!recording) {
    throw new ApiError("video_not_ready", { message: "This walkthrough is not sealed yet, so it has no evidence packet." });
  }
  return new Response(null, {
    status: 303,
    headers: { location: signPacketLink(inspectionId).url, "cache-control": "private, no-store" },
  });
}

/**
 * The reuse flags of a walkthrough's recording record (lib/evidence/reuse.ts); undefined without a
 * record (before the seal, or sealed before records were signed), so no packet is offered.
 */
export async function reuseFlagsOf(inspectionId: string): Promise<{ inspectionId: string; similarity: number }[] | undefined> {
  const recording = await db().evidenceRecord.findUnique({
    where: { inspectionId_kind: { inspectionId, kind: "recording" } },
    select: { jws: true, reuseSuspected: true },
  });
  if (!recording) return undefined;
  if (!recording.reuseSuspected) return [];
  const payload = JSON.parse(Buffer.from(recording.jws.split(".")[1] ?? "", "base64url").toString("utf8")) as {
    reuse?: { inspection_id: string; similarity: number }[];
  };
  return (payload.reuse ?? []).map((flag) => ({ inspectionId: flag.inspection_id, similarity: flag.similarity }));
}
