import "server-only";
import { db } from "../db/client";
import { decideDeliveryOf } from "../inspections/delivery";
import { reportUrl } from "../inspections/serializers";
import { log } from "../log";
import { sendMail } from "../mail/send-mail";
import { reportMail } from "../mail/templates";
import { addressLine } from "../reports/read-report";

function summaryOf(severities: string[], missed: number): string {
  const parts: string[] = [];
  for (const [severity, label] of [
    ["MAJOR", "major"],
    ["MODERATE", "moderate"],
    ["MINOR", "minor"],
  ] as const) {
    const count = severities.filter((value) => value === severity).length;
    if (count > 0) parts.push(`${count} ${label} finding${count === 1 ? "" : "s"}`);
  }
  if (missed > 0) parts.push(`${missed} missed checklist step${missed === 1 ? "" : "s"}`);
  return parts.length > 0 ? parts.join(", ") : "nothing found";
}

/**
 * Mails the report link to everyone whose choices the report meets, each once: a person is
 * recorded as mailed right after their message is accepted, so a retry skips them (a crash in
 * between may mail that one person twice, never nobody).
 */
export async function mailReport(inspectionId: string): Promise<number> {
  const inspection = await db().inspection.findUniqueOrThrow({
    where: { id: inspectionId },
    include: { property: true, task: { select: { scheduledDate: true } }, reportMails: { select: { userId: true } } },
  });
  const { recipients, severities, missedSteps } = await decideDeliveryOf(inspectionId);
  const mailed = new Set(inspection.reportMails.map((mail) => mail.userId));
  const people = await db().user.findMany({
    where: { id: { in: recipients.filter((id) => !mailed.has(id)) } },
    select: { id: true, email: true },
  });
  if (people.length === 0) return 0;
  const property = [inspection.property.name, addressLine(inspection.property)].filter(Boolean).join(", ");
  const date = (inspection.task.scheduledDate ?? inspection.openedAt).toISOString().slice(0, 10);
  const summary = summaryOf(severities, missedSteps);
  for (const person of people) {
    await sendMail(reportMail({ to: person.email, url: reportUrl(inspectionId), property, date, summary }));
    await db().reportMail.create({ data: { inspectionId, userId: person.id } });
  }
  log().info({ inspectionId, mailed: people.length }, "report mailed");
  return people.length;
}
