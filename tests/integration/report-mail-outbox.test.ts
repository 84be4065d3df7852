import { randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { reloadConfig } from "../../lib/config";
import { db } from "../../lib/db/client";
import { mailReport, reportMessageId } from "../../lib/people/mail-report";
import { localDriverOfApp } from "../support/media";
import { useApp } from "../support/use-app";
import { seatIn, seedReport, type SeededReport } from "../fixtures/released-report";

/*
 * The report mail as an outbox: each person's mail is a report_mail row before it is sent and
 * marked sent once the mail server took it. A crash between mails leaves an intent without its
 * mark: the next run sends exactly that one again, with the same Message-ID (one message to the
 * recipient's mail client), mails whoever was not reached, and mails nobody already marked. Run
 * in this process against the app's database and a real SMTP server.
 */

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "report_outbox" });
const address = (label: string) => `${label}-${randomBytes(4).toString("hex")}@harbour-homes.com`;
let report: SeededReport;

beforeAll(async () => {
  process.env.SMTP_URL = app.env.SMTP_URL;
  process.env.APP_URL = app.env.APP_URL;
  reloadConfig();
  report = await seedReport({
    homeName: "Harbour Loft",
    driver: localDriverOfApp(),
    findings: [{ severity: "MINOR", room: "Hall", description: "Sand on the doormat.", atSeconds: 2 }],
  });
});

it("after a crash between mails, sends the unmarked one again as the same message, the rest once, and nothing twice", async () => {
  const [mailedBefore, cutOff, notYet] = [address("before"), address("cutoff"), address("notyet")];
  for (const person of [mailedBefore, cutOff, notYet]) await seatIn(report.workspaceId, person);
  const userOf = async (email: string) => (await db().user.findUniqueOrThrow({ where: { email } })).id;
  // What a run killed while mailing leaves: one mail sent and marked, one intended (sent or not,
  // it cannot know), one not reached.
  await db().reportMail.create({
    data: { inspectionId: report.inspectionId, userId: await userOf(mailedBefore), sentAt: new Date() },
  });
  await db().reportMail.create({ data: { inspectionId: report.inspectionId, userId: await userOf(cutOff) } });

  expect(await mailReport(report.inspectionId)).toBe(2);
  const cutOffMail = await app.smtp.waitFor(cutOff);
  expect(cutOffMail.messageId).toBe(reportMessageId(report.inspectionId, await userOf(cutOff)));
  const notYetMail = await app.smtp.waitFor(notYet);
  expect(notYetMail.messageId).toBe(reportMessageId(report.inspectionId, await userOf(notYet)));
  expect(app.smtp.to(mailedBefore)).toEqual([]);

  const rows = await db().reportMail.findMany({ where: { inspectionId: report.inspectionId } });
  expect(rows).toHaveLength(3);
  expect(rows.every((row) => row.sentAt !== null)).toBe(true);

  // A second run (a retry, a second job) mails nobody.
  expect(await mailReport(report.inspectionId)).toBe(0);
  expect(app.smtp.to(cutOff)).toHaveLength(1);
  expect(app.smtp.to(notYet)).toHaveLength(1);
}, 120_000);
