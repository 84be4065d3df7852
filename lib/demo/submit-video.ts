import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "../errors/api-error";
import { mediaStorage } from "../media/media-storage";
import { NotARecordingError, PartTooLargeError, gatedStream } from "../recording/part-body";
import { assertEmailUnderLimit, demoAddress } from "./demo-limits";
import { releaseDemoUpload, reserveDemoUpload } from "./demo-upload-budget";
import { takeDemoUploadSlot } from "./demo-upload-slots";
import { demoVideoLimitBytes } from "./demo-video-limits";
import { createSubmission } from "./submit-photos";

const formOverheadBytes = 64 * 1024;

export const demoVideoKey = (submissionId: string) => `demo/${submissionId}/video`;

const invalid = (parameter: string, message: string) => new ApiError("invalid_request", { message, detail: { parameter } });

/** The address from fields that must arrive before the video (the file is never read otherwise). */
function addressFrom(fields: Map<string, string>): string {
  const email = fields.get("email");
  if (!email?.trim())
    throw new ApiError("missing_parameter", {
      message: "Send the fields email and accept_terms before the video file.",
      detail: { parameter: "email" },
    });
  if (fields.get("accept_terms") !== "true")
    throw invalid(
      "accept_terms",
      "accept_terms must be true, sent before the video file: the terms at /demo/terms are accepted with every submission.",
    );
  return demoAddress(email);
}

/** Streams the video to storage, never whole in memory, counted against the cap and checked to open like an MP4 or WebM file. */
async function store(file: Readable, key: string): Promise<number> {
  let bytes = 0;
  file.on("data", (chunk: Buffer) => (bytes += chunk.length));
  try {
    await mediaStorage().put(key, gatedStream(file, { limitBytes: demoVideoLimitBytes, checkHead: true }), {
      contentType: "application/octet-stream",
    });
  } catch (error) {
    if (error instanceof PartTooLargeError)
      throw new ApiError("payload_too_large", { detail: { limit_bytes: demoVideoLimitBytes } });
    if (error instanceof NotARecordingError)
      throw new ApiError("unsupported_media", { message: "The video must be an MP4 (or MOV) or WebM file." });
    throw error;
  }
  return bytes;
}

interface Form {
  fields: Map<string, string>;
  video?: { email: string; bytes: number };
}

/** A video upload as it arrives: the multipart stream, and what the request declares about it. */
export interface DemoVideoUpload {
  contentType: string;
  /** Content-Length, when the request declares one. */
  contentLength?: number;
  body: ReadableStream<Uint8Array> | null;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

/**
 * Reads the form up to its one `video` file, then lets `admit` decide on the fields before a byte
 * of the file is read (the file waits, and with it the request). A refusal, there or while
 * storing, stops reading at once; any write under way has settled before this answers.
 */
async function readForm(
  upload: DemoVideoUpload,
  key: string,
  admit: (fields: Map<string, string>) => Promise<string>,
): Promise<Form> {
  const { contentType, body } = upload;
  if (!body || !contentType.toLowerCase().startsWith("multipart/form-data"))
    throw invalid("body", "Send the video as multipart/form-data with the fields email and accept_terms, then the file video.");
  const parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fields: 5, fieldSize: 1024, parts: 8 } });
  const source = Readable.fromWeb(body as NodeReadableStream);
  const form: Form = { fields: new Map() };
  let file: Readable | undefined;
  let video: Promise<void> | undefined;
  const read = new Promise<void>((resolve, reject) => {
    const stop = (error: unknown) => {
      source.unpipe(parser);
      source.pause();
      file?.destroy();
      reject(error);
    };
    parser.on("field", (name, value) => form.fields.set(name, value));
    parser.on("file", (name, stream) => {
      if (name !== "video" || video) {
        stop(invalid(name, `Unknown file field "${name}": send one video as "video".`));
        return;
      }
      file = stream;
      video = admit(form.fields).then(async (email) => void (form.video = { email, bytes: await store(stream, key) }));
      video.catch(stop);
    });
    parser.on("error", () => stop(invalid("body", "The upload was cut off or is not a valid form.")));
    parser.on("close", () => void (video ?? Promise.resolve()).then(resolve, stop));
    source.on("error", (error) => parser.destroy(error));
    // A client that goes away mid-upload frees its slot and reservation now, not at a timeout.
    upload.signal.addEventListener("abort", () => parser.destroy(new Error("The client went away.")));
  });
  source.pipe(parser);
  try {
    await read;
  } finally {
    await video?.catch(() => undefined);
  }
  return form;
}

/**
 * `POST /demo/videos`: a walkthrough video is received, checked and stored like a recording; it is
 * analysed only on an account (the answer says so). Before the file is read: the address's limit,
 * the declared size, the fields, the email's daily limit, a free upload slot (DEMO_UPLOADS_AT_ONCE)
 * and room in the demo's storage (DEMO_STORAGE_MAX_GIB). The address is confirmed as for photos,
 * and the video is deleted after the retention period, or after a day unconfirmed.
 */
export async function submitVideo(upload: DemoVideoUpload) {
  const declared = upload.contentLength;
  const id = randomUUID();
  let releaseSlot: (() => void) | undefined;
  let bodyRead = false;
  try {
    if (declared !== undefined && declared > demoVideoLimitBytes + formOverheadBytes)
      throw new ApiError("payload_too_large", { detail: { limit_bytes: demoVideoLimitBytes } });
    const form = await readForm(upload, demoVideoKey(id), async (fields) => {
      const email = addressFrom(fields);
      await assertEmailUnderLimit(email);
      releaseSlot = takeDemoUploadSlot();
      // The most this upload can store: the declared body, or the cap when the length is not declared.
      await reserveDemoUpload(id, Math.min(declared ?? demoVideoLimitBytes, demoVideoLimitBytes));
      return email;
    });
    bodyRead = true;
    if (!form.video) {
      addressFrom(form.fields);
      throw new ApiError("missing_parameter", {
        message: "Attach the video as the file field video.",
        detail: { parameter: "video" },
      });
    }
    const { email, bytes } = form.video;
    // Again: uploads for one address may have run side by side.
    await assertEmailUnderLimit(email);
    const accepted = await createSubmission({ kind: "video", email, video: { key: demoVideoKey(id), bytes }, id });
    // From here the submission's row counts the bytes.
    await releaseDemoUpload(id);
    return { ...accepted, analysis: "requires_account" as const, size_bytes: bytes };
  } catch (error) {
    // Nothing of a refused upload is kept, and what was not read is not waited for.
    await mediaStorage()
      .deletePrefix(`demo/${id}`)
      .catch(() => undefined);
    await releaseDemoUpload(id).catch(() => undefined);
    if (error instanceof ApiError && !bodyRead) error.headers.Connection = "close";
    throw error;
  } finally {
    releaseSlot?.();
  }
}
