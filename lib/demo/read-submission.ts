import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { countUnknownCredential } from "../http/rate-limit";
import { defaultSignedUrlSeconds } from "../media/storage";
import { mediaStorage } from "../media/media-storage";
import { isUuid } from "../validation/uuid";
import type { DemoFinding, DemoPhoto } from "./demo-records";
import { tokenMatches } from "./tokens";

const unknown = () => new ApiError("not_found", { message: "No such submission." });

/**
 * `GET /demo/inspections/{request_id}` with `Authorization: Bearer <poll_token>`. A missing or
 * wrong token answers exactly as an unknown id does, and counts against the client address like
 * a wrong partner key (429 past its limit), so guessing costs the guesser; the right one is read
 * from any address.
 */
export async function readSubmission(requestId: string, token: string | undefined, clientAddress: string) {
  const submission = isUuid(requestId) ? await db().demoSubmission.findUnique({ where: { id: requestId } }) : null;
  if (
    !submission ||
    token === undefined ||
    !tokenMatches(token, submission.pollTokenHash) ||
    submission.expiresAt <= new Date()
  ) {
    countUnknownCredential(clientAddress);
    throw unknown();
  }
  const photos = submission.photos as unknown as DemoPhoto[];
  const findings = submission.status === "completed" ? ((submission.findings ?? []) as unknown as DemoFinding[]) : undefined;
  const storage = mediaStorage();
  return {
    request_id: submission.id,
    kind: submission.kind,
    status: submission.status,
    submitted_at: submission.createdAt.toISOString(),
    confirmed_at: submission.confirmedAt?.toISOString(),
    finished_at: submission.finishedAt?.toISOString(),
    expires_at: submission.expiresAt.toISOString(),
    failure_reason: submission.failureReason ?? undefined,
    photos: submission.kind === "photos" ? photos.map((photo) => ({ url: photo.url, reason: photo.reason })) : undefined,
    findings:
      findings &&
      (await Promise.all(
        findings.map(async (finding) => {
          const key = photos[finding.photo]?.key;
          return {
            id: finding.id,
            description: finding.description,
            room: finding.room,
            severity: finding.severity,
            category: finding.category,
            // The Partner API's one exception to the omit rule: both arrays, `before` empty here.
            evidence: { before: [], after: key ? [{ url: (await storage.signedUrl(key)).url }] : [] },
          };
        }),
      )),
    media_expires_in: findings ? defaultSignedUrlSeconds : undefined,
    analysis: submission.kind === "video" ? ("requires_account" as const) : undefined,
  };
}
