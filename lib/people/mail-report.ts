import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { formatDay } from "../format/dates";
import type { FindingSeverity } from "../generated/prisma/enums";
import { decideDeliveryOf } from "../inspections/delivery";
import { reportUrl } from "../inspections/serializers";
import { categoryLabel, severityLabel } from "../labels/labels";
import { log } from "../log";
import { mediaStorage } from "../media/media-storage";
import type { ReportMailContent, ReportMailFinding } from "../mail/report-mail";
import { sendMail } from "../mail/send-mail";
import { reportMail } from "../mail/templates";
import { severityColor, verdictColor } from "../reports/pdf/pdf-theme";
import { addressLine } from "../reports/read-report";
import { verdictLabel, verdictOf, verdictReason } from "../reports/verdict";

const severityRank: Record<FindingSeverity, number> = { MAJOR: 0, MODERATE: 1, MINOR: 2 };

// A mail is read days later: its pictures' links last a week (the most an S3 presigned link may).
const pictureLinkSeconds = 7 * 24 * 3600;

/** One report to one person is one message, however often it is sent. */
export function reportMessageId(inspectionId: string, userId: string): string {
  return `<report.${inspectionId}.${userId}@${new URL(config().APP_URL).hostname}>`;
}

async function topFindings(inspectionId: string): Promise<{ shown: ReportMailFinding[]; more: number }> {
  const rows = await db().finding.findMany({
    where: { inspectionId, rejected: false, reviewNeeded: false },
    select: { severity: true, category: true, room: true, description: true, afterKeys: true, videoTimestampSeconds: true },
    take: 5000,
  });
  rows.sort(
    (a, b) =>
      severityRank[a.severity] - severityRank[b.severity] ||
      (a.videoTimestampSeconds ?? Infinity) - (b.videoTimestampSeconds ?? Infinity),
  );
  const shown = await Promise.all(
    rows.slice(0, 3).map(async (row) => ({
      severityLabel: severityLabel[row.severity],
      severityInk: severityColor[row.severity].ink,
      severitySoft: severityColor[row.severity].soft,
      where: `${row.room} · ${categoryLabel[row.category]}`,
      description: row.description,
      pictureUrl: row.afterKeys[0]
        ? (await mediaStorage().signedUrl(row.afterKeys[0], { expiresInSeconds: pictureLinkSeconds })).url
        : undefined,
    })),
  );
  return { shown, more: Math.max(0, rows.length - shown.length) };
}

/**
 * Mails the report to everyone whose choices the report meets, each once. Each mail is an outbox
 * row first (report_mail, the intent), then sent, then marked sent: a retry after a crash sends
 * only what is not marked, so nobody is lost and nobody gets a second message. A crash after the
 * server accepted a mail but before it was marked sends it again with the same Message-ID, the
 * same message to the recipient's mail client. The message carries signed picture links: only
 * the recipient's domain and the subject are logged (lib/mail/send-mail.ts).
 */
export async function mailReport(inspectionId: string): Promise<number> {
  const inspection = await db().inspection.findUniqueOrThrow({
    where: { id: inspectionId },
    include: {
      property: true,
      task: { select: { scheduledDate: true } },
      reportMails: { select: { userId: true, sentAt: true } },
    },
  });
  const { recipients, severities, missedSteps } = await decideDeliveryOf(inspectionId);
  const sent = new Set(inspection.reportMails.filter((mail) => mail.sentAt !== null).map((mail) => mail.userId));
  // Intended and not marked sent: owed whatever the delivery choices say now.
  const owed = inspection.reportMails.filter((mail) => mail.sentAt === null).map((mail) => mail.userId);
  const people = await db().user.findMany({
    where: { id: { in: [...new Set([...owed, ...recipients])].filter((id) => !sent.has(id)) } },
    select: { id: true, email: true },
  });
  if (people.length === 0) return 0;

  const bySeverity: Record<FindingSeverity, number> = { MAJOR: 0, MODERATE: 0, MINOR: 0 };
  for (const severity of severities) bySeverity[severity] += 1;
  const verdictInput = { bySeverity, missedItems: missedSteps };
  const verdict = verdictOf(verdictInput);
  const { shown, more } = await topFindings(inspectionId);
  const content: ReportMailContent = {
    homeName: inspection.property.name,
    address: addressLine(inspection.property),
    // The scheduled day is a calendar day (stored as UTC midnight); the day opened, in UTC too.
    day: formatDay(inspection.task.scheduledDate ?? inspection.openedAt, { timeZone: "UTC" }),
    verdictLabel: verdictLabel[verdict],
    verdictReason: verdictReason(verdictInput),
    verdictInk: verdictColor[verdict].ink,
    verdictSoft: verdictColor[verdict].soft,
    topFindings: shown,
    moreFindings: more,
    reportUrl: reportUrl(inspectionId),
  };
  await db().reportMail.createMany({
    data: people.map((person) => ({ inspectionId, userId: person.id })),
    skipDuplicates: true,
  });
  for (const person of people) {
    const message = await reportMail(person.email, content);
    await sendMail({ ...message, messageId: reportMessageId(inspectionId, person.id) });
    await db().reportMail.update({
      where: { inspectionId_userId: { inspectionId, userId: person.id } },
      data: { sentAt: new Date() },
    });
  }
  log().info({ inspectionId, mailed: people.length }, "report mailed");
  return people.length;
}
