import "server-only";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { config } from "../config";
import { db } from "../db/client";
import type { AnalysisProvider } from "../analysis/provider";
import { fetchPhoto } from "../fetch/fetch-photo";
import type { FetchPhotoOptions } from "../fetch/fetch-photo-options";
import { enqueue } from "../queue/enqueue";
import { log } from "../log";
import { sendMail } from "../mail/send-mail";
import { demoResultMail } from "../mail/templates";
import type { MediaStorage } from "../media/storage";
import type { DemoFinding, DemoPhoto } from "./demo-records";

export interface DemoAnalysisContext {
  fetchOptions: FetchPhotoOptions;
  storage: MediaStorage;
  provider: AnalysisProvider | undefined;
}

export const demoPhotoKey = (submissionId: string, index: number) => `demo/${submissionId}/${index}.jpg`;

/** The photo as the provider reads it: upright JPEG, at most 1600 px on a side. */
async function asJpeg(path: string): Promise<Buffer> {
  return sharp(path)
    .rotate()
    .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Ends the analysis and, in the same transaction, queues the mail that says the result is ready. */
async function finish(
  id: string,
  data: { status: "completed" | "failed"; failureReason?: string; photos: DemoPhoto[]; findings?: DemoFinding[] },
) {
  await db().$transaction(async (tx) => {
    const { count } = await tx.demoSubmission.updateMany({
      where: { id, status: "analyzing" },
      data: {
        status: data.status,
        failureReason: data.failureReason ?? null,
        photos: data.photos as object[],
        findings: (data.findings ?? undefined) as object[] | undefined,
        finishedAt: new Date(),
      },
    });
    if (count === 1) await enqueue("mail-demo-result", { submissionId: id }, { tx });
  });
}

/** The result notice; a failed analysis is said too, so nobody waits for nothing. */
export async function mailDemoResult(submissionId: string): Promise<void> {
  const submission = await db().demoSubmission.findUnique({ where: { id: submissionId } });
  if (!submission || (submission.status !== "completed" && submission.status !== "failed")) return;
  const findings = submission.status === "completed" ? ((submission.findings ?? []) as unknown[]).length : undefined;
  await sendMail(
    demoResultMail({ to: submission.email, url: `${config().APP_URL}/docs/demo`, requestId: submissionId, findings }),
  );
}

/**
 * Analyses a confirmed photo submission once: fetches each photo under the baseline-photo rules,
 * keeps a JPEG copy, asks the provider for findings across them, and keeps only those at or above
 * DEMO_CONFIDENCE_MIN. The end queues the mail that says the result is ready. A retry after a
 * crash starts the analysis over; a finished one is left alone.
 */
export async function analyzeSubmission(submissionId: string, context: DemoAnalysisContext): Promise<void> {
  const { count } = await db().demoSubmission.updateMany({
    where: { id: submissionId, status: { in: ["queued", "analyzing"] } },
    data: { status: "analyzing" },
  });
  if (count === 0) return;
  const submission = await db().demoSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  const photos = (submission.photos as unknown as DemoPhoto[]).map((photo) => ({ url: photo.url }) as DemoPhoto);
  const frames: { seconds: number; jpeg: Buffer; photo: number }[] = [];
  for (const [index, photo] of photos.entries()) {
    const fetched = await fetchPhoto(photo.url, context.fetchOptions);
    if (!fetched.ok) {
      photo.reason = fetched.reason;
      continue;
    }
    try {
      const jpeg = await asJpeg(fetched.path);
      photo.key = demoPhotoKey(submissionId, index);
      await context.storage.put(photo.key, jpeg, { contentType: "image/jpeg" });
      // The findings prompt places what it sees by frame time; photos get ten seconds apart each.
      frames.push({ seconds: index * 10, jpeg, photo: index });
    } finally {
      await fetched.dispose();
    }
  }
  if (frames.length === 0) return finish(submissionId, { status: "failed", failureReason: "no_usable_photos", photos });
  if (!context.provider) return finish(submissionId, { status: "failed", failureReason: "analysis_unavailable", photos });
  const answer = await context.provider.findIssues({ frames: frames.map(({ seconds, jpeg }) => ({ seconds, jpeg })) });
  if (!answer.value) return finish(submissionId, { status: "failed", failureReason: "analysis_failed", photos });
  const confident = answer.value
    .filter((finding) => finding.confidence >= config().DEMO_CONFIDENCE_MIN)
    .map((finding) => ({
      id: randomUUID(),
      photo: frames[finding.frame]!.photo,
      room: finding.room,
      description: finding.description,
      severity: finding.severity,
      category: finding.category,
    }));
  await finish(submissionId, { status: "completed", photos, findings: confident });
  log().info({ submission: submissionId, asked: answer.value.length, kept: confident.length }, "demo analysed");
}
