import "server-only";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ApiError } from "../errors/api-error";
import type { IncomingBody } from "../http/body";

/*
 * A part's body on its way to storage: counted against its cap as it streams (a body without
 * Content-Length included) and, for the first part of a run, checked to start like a recording.
 * Either failure errors the stream, and the media layer then stores nothing of it.
 */

/** MP4 and QuickTime files open with an `ftyp` box; WebM (Matroska) with the EBML magic. */
export function looksLikeRecording(head: Buffer): boolean {
  if (head.length >= 8 && head.toString("latin1", 4, 8) === "ftyp") return true;
  return head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
}

const headBytes = 12;

export class PartTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The part is larger than ${limitBytes} bytes.`);
    this.name = "PartTooLargeError";
  }
}

export class NotARecordingError extends Error {
  constructor() {
    super("The first part of a run does not start with an MP4 or WebM header.");
    this.name = "NotARecordingError";
  }
}

class PartGate extends Transform {
  private received = 0;
  private head: Buffer[] = [];
  private headChecked: boolean;

  constructor(
    private readonly limitBytes: number,
    checkHead: boolean,
  ) {
    super();
    this.headChecked = !checkHead;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limitBytes) return done(new PartTooLargeError(this.limitBytes));
    if (this.headChecked) return done(null, chunk);
    this.head.push(chunk);
    const head = Buffer.concat(this.head);
    if (head.length < headBytes) return done();
    this.headChecked = true;
    this.head = [];
    done(looksLikeRecording(head) ? null : new NotARecordingError(), head);
  }

  override _flush(done: TransformCallback): void {
    if (this.headChecked) return done();
    // A first part shorter than the header check: decide on what there is.
    const head = Buffer.concat(this.head);
    done(looksLikeRecording(head) ? null : new NotARecordingError(), head);
  }
}

/** Any stream gated as above (a part's body, or a video file of a form upload). */
export function gatedStream(source: Readable, options: { limitBytes: number; checkHead: boolean }): Readable {
  const gate = new PartGate(options.limitBytes, options.checkHead);
  source.on("error", (error) => gate.destroy(error));
  return source.pipe(gate);
}

/** The request's body as a stream the media layer can store, gated as above. */
export function gatedPartBody(body: IncomingBody, options: { limitBytes: number; checkHead: boolean }): Readable {
  if (!body.stream) throw new ApiError("missing_parameter", { message: "The part has no body.", detail: { parameter: "body" } });
  return gatedStream(Readable.fromWeb(body.stream as unknown as WebReadableStream<Uint8Array>), options);
}
