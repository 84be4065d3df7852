import "server-only";
import { db } from "../db/client";
import type { FindingSeverity, InspectionStatus } from "../generated/prisma/enums";
import { type ChecklistBlock, readChecklistBlock } from "../inspections/checklist-block";
import { type FindingRead, getFindings } from "../inspections/get-findings";
import { getVideo } from "../inspections/get-video";
import { roleIn } from "../people/access";
import { type Verdict, verdictOf } from "./verdict";
import { consoleRoleOf, decide } from "../consoles/console-role";
import { type LastSeenUndamaged, lastSeenUndamaged } from "../evidence/last-seen-undamaged";
import { isUuid } from "../validation/uuid";
import { reuseFlagsOf } from "../evidence/packet-download";

export interface Report {
  inspectionId: string;
  workspaceName: string;
  status: InspectionStatus;
  property: { name: string; address?: string };
  task: { name?: string; scheduledDate?: string };
  recordedAt?: Date;
  completedAt?: Date;
  video?: { url: string; contentType: string; durationSeconds: number };
  /** How long the walkthrough's recording runs, in seconds, known even when no video link could be made. */
  walkthroughSeconds?: number;
  /** Only once released: the answer to "can guests check in?" (lib/reports/verdict.ts). */
  verdict?: Verdict;
  /** Only once released; most serious first, then in the order they appear in the video. */
  findings: FindingRead[];
  /** Only once released; rooms in the order their first finding appears in the video. */
  rooms: { room: string; findings: FindingRead[] }[];
  /** Only once released: per finding id, the earlier walkthrough that filmed its spot undamaged (none: undefined). */
  lastSeen: ReadonlyMap<string, LastSeenUndamaged | undefined>;
  summary: { bySeverity: Record<FindingSeverity, number>; missedSteps: number; findings: number };
  checklist?: ChecklistBlock;
  /** From the seal on: the signed evidence (its packet) and whether its video repeats another walkthrough's. */
  evidence?: { reuse: { inspectionId: string; similarity: number }[] };
}

export function addressLine(property: {
  addressLine1: string | null;
  addressLine2: string | null;
  addressCity: string | null;
  addressRegion: string | null;
  addressPostalCode: string | null;
}): string | undefined {
  const parts = [
    property.addressLine1,
    property.addressLine2,
    property.addressCity,
    [property.addressRegion, property.addressPostalCode].filter(Boolean).join(" "),
  ];
  const line = parts.filter((part) => part !== null && part !== "").join(", ");
  return line === "" ? undefined : line;
}

const severityRank: Record<FindingSeverity, number> = { MAJOR: 0, MODERATE: 1, MINOR: 2 };

/** People with a seat in the workspace; staff; and the users of the partner whose workspace it is. */
export async function mayReadReportsOf(
  userId: string,
  inspection: { workspaceId: string; workspace: { partnerId: string } },
): Promise<boolean> {
  if ((await roleIn(userId, inspection.workspaceId)) !== undefined) return true;
  const role = await consoleRoleOf(userId);
  return decide(role, { partnerId: inspection.workspace.partnerId }) === "allowed";
}

/**
 * The report page's content for a person, or undefined when they may not see it: no such
 * inspection and no seat in its workspace read the same, so the page reveals nothing.
 */
export async function readReport(inspectionId: string, userId: string): Promise<Report | undefined> {
  const inspection = await loadInspection(inspectionId);
  if (inspection === undefined || !(await mayReadReportsOf(userId, inspection))) return undefined;
  return reportOf(inspection);
}

/**
 * The same content for a reader the caller has already let in: the evidence packet, whose signed
 * link is its access (lib/evidence/packet.ts). Undefined for no such inspection.
 */
export async function readReportUnchecked(inspectionId: string): Promise<Report | undefined> {
  const inspection = await loadInspection(inspectionId);
  return inspection && reportOf(inspection);
}

async function loadInspection(inspectionId: string) {
  if (!isUuid(inspectionId)) return undefined;
  const inspection = await db().inspection.findUnique({
    where: { id: inspectionId },
    include: {
      property: true,
      task: true,
      workspace: { select: { name: true, partnerId: true } },
      video: { select: { recordedAt: true, durationSeconds: true } },
    },
  });
  return inspection ?? undefined;
}

async function reportOf(inspection: NonNullable<Awaited<ReturnType<typeof loadInspection>>>): Promise<Report> {
  const released = inspection.status === "completed";
  // A released report's findings read carries its checklist block; before release only the block.
  const [{ findings, checklist }, video, lastSeen, reuse] = await Promise.all([
    released ? getFindings(inspection) : readChecklistBlock(inspection).then((checklist) => ({ findings: [], checklist })),
    inspection.sealedAt && inspection.video ? getVideo(inspection).catch(() => undefined) : Promise.resolve(undefined),
    released ? lastSeenUndamaged(inspection.id) : Promise.resolve(new Map<string, LastSeenUndamaged | undefined>()),
    inspection.sealedAt ? reuseFlagsOf(inspection.id) : Promise.resolve(undefined),
  ]);

  const rooms = new Map<string, FindingRead[]>();
  for (const finding of findings) rooms.set(finding.room, [...(rooms.get(finding.room) ?? []), finding]);
  const bySeverity: Record<FindingSeverity, number> = { MAJOR: 0, MODERATE: 0, MINOR: 0 };
  for (const finding of findings) bySeverity[finding.severity] += 1;
  const missedSteps = checklist?.counts.missed ?? 0;
  // getFindings answers them in video order; a stable sort keeps that order within a severity.
  const mostSeriousFirst = [...findings].sort((a, b) => severityRank[a.severity] - severityRank[b.severity]);

  return {
    inspectionId: inspection.id,
    workspaceName: inspection.workspace.name,
    status: inspection.status,
    property: { name: inspection.property.name, address: addressLine(inspection.property) },
    task: { name: inspection.task.name ?? undefined, scheduledDate: inspection.task.scheduledDate?.toISOString().slice(0, 10) },
    recordedAt: inspection.video?.recordedAt,
    completedAt: inspection.completedAt ?? undefined,
    video: video && { url: video.downloadUrl, contentType: video.contentType, durationSeconds: video.durationSeconds },
    walkthroughSeconds: inspection.video?.durationSeconds,
    verdict: released ? verdictOf({ bySeverity, missedItems: missedSteps }) : undefined,
    findings: mostSeriousFirst,
    rooms: [...rooms].map(([room, list]) => ({ room, findings: list })),
    lastSeen,
    summary: { bySeverity, missedSteps, findings: findings.length },
    checklist,
    evidence: reuse && { reuse },
  };
}
