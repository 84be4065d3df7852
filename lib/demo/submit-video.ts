import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "../http/errors";
import { mediaStorage } from "../media/media-storage";
import { NotARecordingError, PartTooLargeError, gatedStream } from "../recording/part-body";
import { demoVideoLimitBytes } from "./demo-video-limits";
import { assertEmailUnderLimit, countSubmission, demoAddress } from "./demo-limits";
import { createSubmission } from "./submit-photos";

const formOverheadBytes = 64 * 1024;

export const demoVideoKey = (submissionId: string) => `demo/${submissionId}/video`;

interface Form {
  fields: Map<string, string>;
  stored?: { bytes: number };
  problem?: ApiError;
}

const invalid = (parameter: string, message: string) => new ApiError("invalid_request", { message, detail: { parameter } });

/**
 * Streams the form's one `video` file straight to storage, never whole in memory, counted
 * against the cap and checked to open like an MP4 or WebM file, as recording parts are.
 */
async function readForm(request: Request, key: string): Promise<Form> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.toLowerCase().startsWith("multipart/form-data")) throw invalid("body", "Send the video as multipart/form-data with the fields email, accept_terms and video.");
  const parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fields: 5, fieldSize: 1024, parts: 8 } });
  const form: Form = { fields: new Map() };
  let write: Promise<void> | undefined;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => form.fields.set(name, value));
    parser.on("file", (name, file) => {
      if (name !== "video") {
        form.problem ??= invalid(name, `Unknown file field "${name}": send the video as "video".`);
        file.resume();
        return;
      }
      let bytes = 0;
      file.on("data", (chunk: Buffer) => (bytes += chunk.length));
      const gated = gatedStream(file, { limitBytes: demoVideoLimitBytes, checkHead: true });
      write = mediaStorage()
        .put(key, gated, { contentType: "application/octet-stream" })
        .then(
          () => void (form.stored = { bytes }),
          (error: unknown) => {
            if (error instanceof PartTooLargeError) form.problem = new ApiError("payload_too_large", { detail: { limit_bytes: demoVideoLimitBytes } });
            else if (error instanceof NotARecordingError) form.problem = new ApiError("unsupported_media", { message: "The video must be an MP4 (or MOV) or WebM file." });
            else throw error;
          },
        );
    });
    parser.on("error", reject);
    parser.on("close", resolve);
  });
  const source = Readable.fromWeb(request.body as NodeReadableStream);
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  const broken = await done.then(
    () => undefined,
    (error: unknown) => error,
  );
  await write;
  if (broken !== undefined) throw invalid("body", "The upload was cut off or is not a valid form.");
  return form;
}

/**
 * `POST /demo/videos`: a walkthrough video is received, checked and stored like a recording; it is
 * analysed only on an account (the answer says so). The address is confirmed as for photos, and
 * the video is deleted after the retention period, or after a day unconfirmed.
 */
export async function submitVideo(request: Request) {
  await countSubmission(request);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > demoVideoLimitBytes + formOverheadBytes) throw new ApiError("payload_too_large", { detail: { limit_bytes: demoVideoLimitBytes } });
  const id = randomUUID();
  const key = demoVideoKey(id);
  try {
    const form = await readForm(request, key);
    if (form.problem) throw form.problem;
    const emailText = form.fields.get("email");
    if (!emailText?.trim()) throw new ApiError("missing_parameter", { detail: { parameter: "email" } });
    if (form.fields.get("accept_terms") !== "true") throw invalid("accept_terms", "accept_terms must be true: the terms at /demo/terms are accepted with every submission.");
    if (!form.stored) throw new ApiError("missing_parameter", { message: "Attach the video as the file field video.", detail: { parameter: "video" } });
    const email = demoAddress(emailText);
    await assertEmailUnderLimit(email);
    const accepted = await createSubmission({ kind: "video", email, video: { key, bytes: form.stored.bytes }, id });
    return { status: 202, body: { ...accepted, analysis: "requires_account" as const, size_bytes: form.stored.bytes } };
  } catch (error) {
    // Nothing of a refused upload is kept.
    await mediaStorage().deletePrefix(`demo/${id}`).catch(() => undefined);
    throw error;
  }
}
