import "server-only";
import { z } from "zod";
import { ApiError } from "../errors/api-error";
import { parseOrThrow } from "../http/validation";
import { requiredText } from "../validation/text";
import { recordingLimits } from "./recorder-state";

const sha256Hex = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits")
  .transform((value) => value.toLowerCase());
const run = z.int().min(0).max(999);

export const tapsBody = z
  .object({
    events: z
      .array(
        z
          .object({
            seq: z.int().min(1).max(recordingLimits.taps),
            item_id: z.uuid(),
            action: z.enum(["check", "uncheck"]),
            run,
            run_seconds: z
              .number()
              .min(0)
              .max(24 * 3600),
          })
          .strict(),
      )
      .min(1)
      .max(500)
      .refine((events) => new Set(events.map((event) => event.seq)).size === events.length, "must not repeat a seq"),
  })
  .strict();

const runSecond = z
  .number()
  .min(0)
  .max(24 * 3600);

/** The preview's too-dark stretches (lib/recorder-app/too-dark.ts), seconds of their run. */
export const darkSpansBody = z
  .object({
    spans: z
      .array(
        z
          .object({ run, from: runSecond, to: runSecond })
          .strict()
          .refine((span) => span.to >= span.from, { message: "must not end before it starts", path: ["to"] }),
      )
      .min(1)
      .max(500),
  })
  .strict();

export const finishBody = z
  .object({
    parts: z
      .array(z.object({ part_number: z.int().min(1).max(recordingLimits.parts), sha256: sha256Hex }).strict())
      .min(1, "must list at least one part: nothing was recorded")
      .max(recordingLimits.parts),
    finish_anyway: z.array(z.uuid()).max(1000).default([]),
    events_seq: z.int().min(0).max(recordingLimits.taps),
  })
  .strict();

export const explanationBody = z
  .object({
    item_id: z.uuid(),
    reason: requiredText(500),
  })
  .strict();

/** A time by the phone's own clock (ISO 8601): kept as a claim, never trusted for anything. */
const deviceTime = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 date and time" })
  .transform((value) => new Date(value));

const partHeaders = z.object({
  "x-part-sha256": sha256Hex,
  "x-recording-run": z
    .string()
    .regex(/^\d{1,3}$/, "must be a whole number from 0 to 999")
    .transform(Number)
    .pipe(run),
  "x-recording-source": z.enum(["camera", "file"]),
  "content-type": z
    .string()
    .max(200)
    .regex(/^video\/(mp4|webm|quicktime)(\s*;.*)?$/i, "must be video/mp4, video/webm or video/quicktime"),
  // Optional: older recorders send neither.
  "x-recording-started-at": deviceTime.optional(),
  "x-file-last-modified": deviceTime.optional(),
});

// Named as a phone sends them, in the answers too.
const headerNames: Record<keyof z.infer<typeof partHeaders>, string> = {
  "x-part-sha256": "X-Part-SHA256",
  "x-recording-run": "X-Recording-Run",
  "x-recording-source": "X-Recording-Source",
  "content-type": "Content-Type",
  "x-recording-started-at": "X-Recording-Started-At",
  "x-file-last-modified": "X-File-Last-Modified",
};

export interface PartRequest {
  partNumber: number;
  sha256: string;
  run: number;
  source: "camera" | "file";
  contentType: string;
  declaredBytes?: number;
  userAgent?: string;
  /** When the part's run started, by the phone's clock (camera). */
  deviceStartedAt?: Date;
  /** The chosen file's own last-modified time, as the browser gives it (file). */
  fileLastModifiedAt?: Date;
}

/** The part number from the path and the headers of `PUT /parts/{n}`, or the refusal naming what is wrong. */
export function parsePartRequest(requestHeaders: Headers, partNumberText: string): PartRequest {
  if (!/^\d{1,5}$/.test(partNumberText) || Number(partNumberText) < 1 || Number(partNumberText) > recordingLimits.parts) {
    throw new ApiError("invalid_request", {
      message: `The part number is a whole number from 1 to ${recordingLimits.parts}.`,
      detail: { parameter: "part_number" },
    });
  }
  const raw = Object.fromEntries(Object.keys(headerNames).map((name) => [name, requestHeaders.get(name) ?? undefined]));
  let headers: z.infer<typeof partHeaders>;
  try {
    headers = parseOrThrow(partHeaders, raw);
  } catch (error) {
    if (error instanceof ApiError && typeof error.detail?.parameter === "string") {
      const name = headerNames[error.detail.parameter as keyof typeof headerNames] ?? error.detail.parameter;
      throw new ApiError(error.code, {
        message: error.message.replace(error.detail.parameter, name),
        detail: { parameter: name },
      });
    }
    throw error;
  }
  const length = requestHeaders.get("content-length");
  return {
    partNumber: Number(partNumberText),
    sha256: headers["x-part-sha256"],
    run: headers["x-recording-run"],
    source: headers["x-recording-source"],
    contentType: headers["content-type"],
    declaredBytes: length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
    // Kept as sent (bounded): the device the recording record names, never trusted for anything.
    userAgent: requestHeaders.get("user-agent")?.slice(0, 512) || undefined,
    deviceStartedAt: headers["x-recording-started-at"],
    fileLastModifiedAt: headers["x-file-last-modified"],
  };
}
