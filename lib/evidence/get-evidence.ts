import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { PartnerInspection } from "../inspections/find-partner-inspection";
import { jwksPath } from "./jwks";
import { signPacketLink } from "./packet-link";

export interface EvidenceRead {
  inspectionId: string;
  recordingRecord: string;
  reportRecord?: string;
  jwksUrl: string;
  packet: { downloadUrl: string; expiresAt: Date };
}

/**
 * `GET /v1/inspections/{id}/evidence`: the signed records from the seal on (the report's from
 * its release on), the keys' address and a fresh packet link. Before the seal `409
 * video_not_ready`; a walkthrough that ended failed without a video `404 video_not_available`,
 * as the video read answers.
 */
export async function getEvidence(inspection: PartnerInspection): Promise<EvidenceRead> {
  const records = await db().evidenceRecord.findMany({ where: { inspectionId: inspection.id } });
  const recording = records.find((record) => record.kind === "recording");
  if (!recording || !inspection.sealedAt) {
    if (inspection.status === "failed") {
      throw new ApiError("video_not_available", {
        message: "This walkthrough could not be processed into a video, so it has no evidence. Do not poll.",
      });
    }
    throw new ApiError("video_not_ready", {
      message: "The walkthrough is not sealed yet; call again after inspection.recording_completed.",
    });
  }
  const link = signPacketLink(inspection.id);
  return {
    inspectionId: inspection.id,
    recordingRecord: recording.jws,
    reportRecord: records.find((record) => record.kind === "report")?.jws,
    jwksUrl: `${config().APP_URL}${jwksPath}`,
    packet: { downloadUrl: link.url, expiresAt: link.expiresAt },
  };
}
