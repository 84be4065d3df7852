import "server-only";
import { randomUUID } from "node:crypto";
import { config } from "../config";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { sendMail } from "../mail/send-mail";
import { demoConfirmationMail } from "../mail/templates";
import { log } from "../log";
import type { z } from "zod";
import { assertEmailUnderLimit, demoAddress, unconfirmedLifetimeMs } from "./demo-limits";
import type { demoPhotosBody } from "./schemas";
import { demoTermsVersion } from "./terms";
import { hashToken, newToken } from "./tokens";

export const confirmUrl = (token: string) => `${config().APP_URL}/demo/confirm?token=${encodeURIComponent(token)}`;

interface NewSubmission {
  /** Made by the caller when media is stored under it before the row exists. */
  id?: string;
  kind: "photos" | "video";
  email: string;
  photos?: { url: string }[];
  video?: { key: string; bytes: number };
}

/**
 * Records a submission awaiting confirmation and mails the confirmation link. Answers the poll
 * token once; only hashes of both tokens are kept. A mail that cannot be sent leaves nothing
 * behind (`503`), since nobody could confirm it.
 */
export async function createSubmission(input: NewSubmission, now = new Date()) {
  const pollToken = newToken("demo_pt_");
  const confirmToken = newToken("demo_ct_");
  const expiresAt = new Date(now.getTime() + unconfirmedLifetimeMs);
  const submission = await db().demoSubmission.create({
    data: {
      id: input.id ?? randomUUID(),
      kind: input.kind,
      email: input.email,
      termsVersion: demoTermsVersion,
      termsAcceptedAt: now,
      pollTokenHash: hashToken(pollToken),
      confirmTokenHash: hashToken(confirmToken),
      photos: input.photos ?? [],
      videoKey: input.video?.key,
      videoBytes: input.video ? BigInt(input.video.bytes) : undefined,
      createdAt: now,
      expiresAt,
    },
  });
  try {
    await sendMail(
      demoConfirmationMail({ to: input.email, url: confirmUrl(confirmToken), expires: expiresAt, kind: input.kind }),
    );
  } catch (error) {
    log().error({ err: error, submission: submission.id }, "demo confirmation could not be mailed");
    await db().demoSubmission.delete({ where: { id: submission.id } });
    throw new ApiError("service_unavailable", {
      message: "The confirmation mail could not be sent; nothing was kept. Try again later.",
    });
  }
  return {
    request_id: submission.id,
    poll_token: pollToken,
    status: "awaiting_confirmation" as const,
    expires_at: expiresAt.toISOString(),
  };
}

/** `POST /demo/inspections`: photos by URL, analysed once the address is confirmed. */
export async function submitPhotos(body: z.output<typeof demoPhotosBody>) {
  const email = demoAddress(body.email);
  await assertEmailUnderLimit(email);
  return createSubmission({ kind: "photos", email, photos: body.photos.map((photo) => ({ url: photo.url })) });
}
