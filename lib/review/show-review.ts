import "server-only";
import { type FrameStats, frameProblem } from "../analysis/frame-problem";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { mediaStorage } from "../media/media-storage";
import { darkAt, joinSpans, type VideoSpan } from "./dark-on-phone";
import { countUnfinishedJobs } from "../queue/unfinished-jobs";
import { reuseFlagsOf } from "../evidence/packet-download";

export interface ReviewItem {
  itemId: string;
  name: string;
  state: string;
  timestampSeconds?: number;
  stillUrl?: string;
  reviewNeeded: boolean;
  decidedBy?: string;
  provider?: { state: string; confidence: number; rationale: string };
  staffState?: string;
  /** Why the filming decided it, when it did: dark, blurred or covered. */
  filmingProblem?: string;
  /** The phone's preview measured the picture too dark at the item's tap. */
  darkOnPhone: boolean;
}

export interface ReviewFinding {
  findingId: string;
  room: string;
  description: string;
  severity: string;
  category: string;
  source: string;
  confidence?: number;
  reviewNeeded: boolean;
  rejected: boolean;
  videoTimestampSeconds?: number;
  after: string[];
  before: string[];
}

/** Who and what the walkthrough is, as the desk's header reads it. */
export interface ReviewHeader {
  home: string;
  partner: string;
  /** The partner's name for the task, else its id. */
  task: string;
  /** When the cleaner opened the link (the recording began), ISO 8601. */
  recordedAt: string;
  /** When the walkthrough was sealed: it has waited for staff since, ISO 8601. */
  sealedAt?: string;
}

export interface ReviewView {
  inspectionId: string;
  status: string;
  header: ReviewHeader;
  videoUrl?: string;
  /** The sealed video's length: the desk's timeline spans it. */
  durationSeconds?: number;
  items: ReviewItem[];
  findings: ReviewFinding[];
  /** Seconds of the video the phone's preview measured too dark (lib/recorder-app/too-dark.ts). */
  darkOnPhone: VideoSpan[];
  /** Findings staff added that the worker is still cutting from the video: the release waits for them. */
  findingsBeingMade: number;
  /**
   * From the seal on (when the walkthrough has a recording record): its evidence packet may be
   * downloaded, and `reuse` names the walkthroughs whose video this one repeats (lib/evidence/reuse.ts).
   */
  evidence?: { reuse: ReviewReuse[] };
}

/** Another walkthrough this one's video repeats, as the desk names it. */
export interface ReviewReuse {
  inspectionId: string;
  /** The share of sampled frames with a near twin in that video, 0 to 1. */
  similarity: number;
  home: string;
  /** When that walkthrough was recorded, ISO 8601. */
  recordedAt: string;
}

async function reuseOf(inspectionId: string): Promise<ReviewReuse[] | undefined> {
  const flags = await reuseFlagsOf(inspectionId);
  if (!flags) return undefined;
  const others = await db().inspection.findMany({
    where: { id: { in: flags.map((flag) => flag.inspectionId) } },
    select: { id: true, openedAt: true, property: { select: { name: true } } },
  });
  return flags.flatMap((flag) => {
    const other = others.find((inspection) => inspection.id === flag.inspectionId);
    return other ? [{ ...flag, home: other.property.name, recordedAt: other.openedAt.toISOString() }] : [];
  });
}

const sign = async (key: string) => (await mediaStorage().signedUrl(key)).url;

/** What staff review a walkthrough with: each item's still and second, the provider's verdict beside it, and the findings. */
export async function showReview(inspectionId: string): Promise<ReviewView> {
  const inspection = await db().inspection.findUnique({
    where: { id: inspectionId },
    include: {
      video: true,
      property: { select: { name: true } },
      task: { select: { name: true, externalId: true } },
      workspace: { select: { partner: { select: { name: true } } } },
      items: { orderBy: { position: "asc" } },
      darkSpans: { where: { videoFrom: { not: null }, videoTo: { not: null } } },
      findings: { orderBy: [{ videoTimestampSeconds: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!inspection) throw new ApiError("not_found", { message: "No such inspection." });
  const findingsBeingMade = await countUnfinishedJobs(db(), "add-staff-finding", "inspectionId", inspectionId);
  const reuse = await reuseOf(inspectionId);
  const darkOnPhone = joinSpans(inspection.darkSpans.map((span) => ({ from: span.videoFrom!, to: span.videoTo! })));
  return {
    inspectionId,
    status: inspection.status,
    findingsBeingMade,
    header: {
      home: inspection.property.name,
      partner: inspection.workspace.partner.name,
      task: inspection.task.name ?? inspection.task.externalId,
      recordedAt: inspection.openedAt.toISOString(),
      sealedAt: inspection.sealedAt?.toISOString(),
    },
    videoUrl: inspection.video ? await sign(inspection.video.mediaKey) : undefined,
    durationSeconds: inspection.video?.durationSeconds,
    items: await Promise.all(
      inspection.items.map(async (item) => ({
        itemId: item.itemId,
        name: item.name,
        state: item.state,
        timestampSeconds: item.timestampSeconds ?? undefined,
        stillUrl: item.stillKey ? await sign(item.stillKey) : undefined,
        reviewNeeded: item.reviewNeeded,
        decidedBy: item.decidedBy ?? undefined,
        provider: item.providerState
          ? { state: item.providerState, confidence: item.providerConfidence ?? 0, rationale: item.providerRationale ?? "" }
          : undefined,
        staffState: item.staffState ?? undefined,
        filmingProblem:
          item.decidedBy === "filming" && item.frameStats ? frameProblem(item.frameStats as unknown as FrameStats) : undefined,
        darkOnPhone: item.timestampSeconds !== null && darkAt(darkOnPhone, item.timestampSeconds),
      })),
    ),
    darkOnPhone,
    evidence: reuse && { reuse },
    findings: await Promise.all(
      inspection.findings.map(async (finding) => ({
        findingId: finding.id,
        room: finding.room,
        description: finding.description,
        severity: finding.severity,
        category: finding.category,
        source: finding.source,
        confidence: finding.confidence ?? undefined,
        reviewNeeded: finding.reviewNeeded,
        rejected: finding.rejected,
        videoTimestampSeconds: finding.videoTimestampSeconds ?? undefined,
        after: await Promise.all(finding.afterKeys.map(sign)),
        before: await Promise.all(finding.beforeKeys.map(sign)),
      })),
    ),
  };
}
