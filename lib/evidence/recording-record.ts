import "server-only";
import { db, type Tx } from "../db/client";
import { stillWidthMax } from "../video/extract-still";
import { ffmpegVersion } from "../video/tool-version";
import { objectSha256 } from "./object-digest";
import { queueStamp } from "./stamp-record";
import { signRecord, type SignedRecord } from "./sign-record";
import { reusedBy, type ReuseFlag, videoFrameHashes } from "./reuse";
import { staysAround, type StayBounds } from "./stays";

/*
 * The recording record (issue 27): signed in the seal's own transaction, so a sealed walkthrough
 * always has exactly one and a retried seal signs none twice. Everything that needs storage or a
 * process (digests, the ffmpeg version) is read before that transaction; what must be in sealing
 * order (the home chain) is read inside it, under the home's lock.
 */

export interface RecordingFacts {
  inspectionId: string;
  propertyId: string;
  /** Difference hashes of frames sampled across the video (lib/evidence/reuse.ts). */
  frameHashes: bigint[];
  record: Omit<RecordingRecord, "sealed_at" | "home_chain" | "stay">;
}

export interface RecordingRecord {
  record: "recording";
  version: 1;
  inspection_id: string;
  workspace_id: string;
  property_id: string;
  external_property_id: string;
  task_id: string;
  first_part_received_at: string | null;
  done_received_at: string;
  sealed_at: string;
  capture: "live_camera" | "uploaded_file";
  user_agent: string | null;
  /**
   * What the phone's own clock said when it started recording (its first run), as it claimed it;
   * a phone can be set to any date, so it sits beside the server's times and proves nothing alone.
   * Omitted when the phone sent none (older recorders, and uploaded files).
   */
  device_claimed_started_at?: string;
  /** The same claim for every run (each *Continue recording* starts one). */
  runs?: { run: number; device_claimed_started_at: string }[];
  /** An uploaded file's own last-modified time as the browser gave it (a claim too); omitted when not given. */
  file_last_modified_at?: string;
  parts: { index: number; run: number; sha256: string; size_bytes: number; received_at: string }[];
  video: {
    sha256: string;
    size_bytes: number;
    content_type: string;
    duration_seconds: number;
    derivation: { method: "remux" | "transcode"; tool: string };
  };
  stills: {
    checklist_item_id: string;
    timestamp_seconds: number;
    sha256: string;
    content_type: "image/jpeg";
  }[];
  stills_derivation: string;
  home_chain?: { previous_inspection_id: string; previous_record_sha256: string };
  stay?: StayBounds;
  /** Other walkthroughs of the partner (last 90 days) whose video this one repeats; omitted when none. */
  reuse?: ReuseFlag[];
}

/**
 * What the record says that storage and ffmpeg know: read before the seal's transaction. `work`
 * is the seal's folder (the video is sampled there, fetched from storage when a resumed seal
 * has no local copy).
 */
export async function gatherRecordingFacts(inspectionId: string, work: string): Promise<RecordingFacts> {
  const inspection = await db().inspection.findUniqueOrThrow({
    where: { id: inspectionId },
    include: {
      workspace: { select: { externalId: true } },
      property: { select: { externalId: true } },
      task: { select: { externalId: true } },
      video: true,
      items: { where: { stillKey: { not: null } }, orderBy: { position: "asc" } },
    },
  });
  const video = inspection.video;
  if (!video || !inspection.finishedAt) throw new Error(`inspection ${inspectionId} has no video to sign for`);
  const finish = inspection.finish as { parts: { part_number: number }[] };
  const parts = await db().recordingPart.findMany({
    where: { inspectionId, partNumber: { in: finish.parts.map((part) => part.part_number) } },
    orderBy: { partNumber: "asc" },
  });
  const videoSha256 = await objectSha256(video.mediaKey);
  if (!videoSha256) throw new Error(`the video of inspection ${inspectionId} is gone from storage`);
  const stills: RecordingRecord["stills"] = [];
  for (const item of inspection.items) {
    const sha256 = await objectSha256(item.stillKey!);
    if (sha256 && item.timestampSeconds !== null) {
      stills.push({
        checklist_item_id: item.itemId,
        timestamp_seconds: item.timestampSeconds,
        sha256,
        content_type: "image/jpeg",
      });
    }
  }
  const firstReceived = parts.reduce<Date | null>(
    (first, part) => (!first || part.receivedAt < first ? part.receivedAt : first),
    null,
  );
  return {
    inspectionId,
    propertyId: inspection.propertyId,
    frameHashes: await videoFrameHashes(work, video.mediaKey, video.durationSeconds),
    record: {
      record: "recording",
      version: 1,
      inspection_id: inspectionId,
      workspace_id: inspection.workspace.externalId,
      property_id: inspection.propertyId,
      external_property_id: inspection.property.externalId,
      task_id: inspection.task.externalId,
      first_part_received_at: firstReceived?.toISOString() ?? null,
      done_received_at: inspection.finishedAt.toISOString(),
      capture: inspection.source === "file" ? "uploaded_file" : "live_camera",
      user_agent: parts.find((part) => part.userAgent)?.userAgent ?? null,
      ...deviceClaims(parts, inspection.source === "file"),
      parts: parts.map((part) => ({
        index: part.partNumber,
        run: part.run,
        sha256: part.sha256,
        size_bytes: part.size,
        received_at: part.receivedAt.toISOString(),
      })),
      video: {
        sha256: videoSha256,
        size_bytes: Number(video.sizeBytes),
        content_type: video.contentType,
        duration_seconds: video.durationSeconds,
        derivation: { method: video.transcoded ? "transcode" : "remux", tool: await ffmpegVersion() },
      },
      stills,
      stills_derivation: `single frames cut from the sealed video by ffmpeg, scaled down to at most ${stillWidthMax} px wide (aspect kept, never enlarged), JPEG; nothing else changed`,
    },
  };
}

type ClaimedPart = { partNumber: number; run: number; deviceStartedAt: Date | null; fileLastModifiedAt: Date | null };

/** The phone's claimed times, each run's from its first part that carries one (parts come in part order). */
function deviceClaims(parts: readonly ClaimedPart[], uploadedFile: boolean) {
  if (uploadedFile) {
    const lastModified = parts.find((part) => part.fileLastModifiedAt)?.fileLastModifiedAt;
    return lastModified ? { file_last_modified_at: lastModified.toISOString() } : {};
  }
  const runs = new Map<number, string>();
  for (const part of parts) {
    if (part.deviceStartedAt && !runs.has(part.run)) runs.set(part.run, part.deviceStartedAt.toISOString());
  }
  if (runs.size === 0) return {};
  const list = [...runs].sort(([a], [b]) => a - b).map(([run, at]) => ({ run, device_claimed_started_at: at }));
  return { device_claimed_started_at: list[0]!.device_claimed_started_at, runs: list };
}

/**
 * Signs and stores the recording record inside the seal's transaction. The home's lock orders
 * two seals of one home, so each chains to the one sealed before it.
 */
export async function signRecordingRecord(tx: Tx, facts: RecordingFacts, sealedAt: Date): Promise<SignedRecord> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`evidence-chain:${facts.propertyId}`}, 0))`;
  const existing = await tx.evidenceRecord.findUnique({
    where: { inspectionId_kind: { inspectionId: facts.inspectionId, kind: "recording" } },
  });
  if (existing) return { jws: existing.jws, sha256: existing.sha256 };
  const previous = await tx.evidenceRecord.findFirst({
    where: { propertyId: facts.propertyId, kind: "recording" },
    orderBy: { seq: "desc" },
  });
  const stay = await staysAround(tx, facts.propertyId, new Date(facts.record.done_received_at));
  const reuse = await reusedBy(tx, facts.inspectionId, facts.frameHashes);
  const record: RecordingRecord = {
    ...facts.record,
    sealed_at: sealedAt.toISOString(),
    ...(previous
      ? { home_chain: { previous_inspection_id: previous.inspectionId, previous_record_sha256: previous.sha256 } }
      : {}),
    ...(stay ? { stay } : {}),
    ...(reuse.length > 0 ? { reuse } : {}),
  };
  const signed = await signRecord(tx, record);
  await tx.evidenceRecord.create({
    data: {
      inspectionId: facts.inspectionId,
      kind: "recording",
      propertyId: facts.propertyId,
      ...signed,
      frameDhashes: facts.frameHashes,
      reuseSuspected: reuse.length > 0,
    },
  });
  await queueStamp(tx, facts.inspectionId, "recording");
  return signed;
}
