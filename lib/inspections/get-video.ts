import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { dependencyUnavailable } from "../http/unavailable";
import { log } from "../log";
import { mediaStorage } from "../media/media-storage";
import type { PartnerInspection } from "./find-partner-inspection";

export interface VideoRead {
  inspectionId: string;
  downloadUrl: string;
  expiresAt: Date;
  contentType: string;
  durationSeconds: number;
  sizeBytes: number;
  recordedAt: Date;
}

/**
 * `GET /v1/inspections/{id}/video` (spec, Video): a fresh signed link to the walkthrough from the
 * seal on, before the report. `409 video_not_ready` while it is recorded or sealed; `404
 * video_not_available` for a walkthrough that could not be made into a video, or whose video the
 * retention policy deleted (lib/recording/media-retention.ts); `503` when no link
 * can be made.
 */
export async function getVideo(inspection: PartnerInspection): Promise<VideoRead> {
  const video = await db().inspectionVideo.findUnique({ where: { inspectionId: inspection.id } });
  if (!video || !inspection.sealedAt) {
    if (inspection.status === "failed") {
      throw new ApiError("video_not_available", {
        message: "This walkthrough could not be processed into a video. Do not poll.",
      });
    }
    throw new ApiError("video_not_ready", {
      message: "The video is not recorded or still being processed; call again after inspection.recording_completed.",
    });
  }
  if (inspection.mediaDeletedAt) {
    throw new ApiError("video_not_available", {
      message: "This walkthrough's video was deleted after the retention period. Its findings and report remain. Do not poll.",
    });
  }
  let link;
  try {
    link = await mediaStorage().signedUrl(video.mediaKey);
  } catch (error) {
    log().error({ err: error, inspectionId: inspection.id }, "no download link could be made for a video");
    throw dependencyUnavailable(error, "A download link could not be made. Retrying is safe.");
  }
  return {
    inspectionId: inspection.id,
    downloadUrl: link.url,
    expiresAt: link.expiresAt,
    contentType: video.contentType,
    durationSeconds: video.durationSeconds,
    sizeBytes: Number(video.sizeBytes),
    recordedAt: video.recordedAt,
  };
}
