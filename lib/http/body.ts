import { ApiError } from "../errors/api-error";

// How much of a refused body is read and thrown away so that the connection can carry the
// next request; past this the connection is closed instead (as Go's net/http does).
const discardBytesMax = 1024 * 1024;

/** The 413 for a body over `limitBytes`; `reusable` false asks to close the connection after it. */
export function tooLarge(limitBytes: number, reusable: boolean): ApiError {
  return new ApiError("payload_too_large", {
    message: `The request body is larger than this endpoint's limit of ${limitBytes} bytes.`,
    detail: { limit_bytes: limitBytes },
    headers: reusable ? {} : { Connection: "close" },
  });
}

/** Reads and drops the rest of a body; true when it ended within the budget. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  let discarded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    discarded += value.byteLength;
    if (discarded > budget) {
      await reader.cancel().catch(() => undefined);
      return false;
    }
  }
}

/**
 * A request's body as domain code sees it: the stream and what the headers say of it. Domain
 * functions take this, never the `Request`, so they are called the same from a route, a test or
 * a job.
 */
export interface IncomingBody {
  stream: ReadableStream<Uint8Array> | null;
  /** Content-Length when the request declared one. */
  contentLength: number | undefined;
  contentType: string;
}

export function incomingBody(request: Request): IncomingBody {
  const declared = request.headers.get("content-length");
  return {
    stream: request.body,
    contentLength: declared === null ? undefined : Number(declared),
    contentType: request.headers.get("content-type") ?? "",
  };
}

/**
 * Reads the body's bytes, refusing it before reading when the declared length is over the cap
 * and, for a body without Content-Length, as soon as the bytes counted pass it. Nothing over the
 * cap is ever kept.
 */
export async function readBodyBytes(body: IncomingBody, limitBytes: number): Promise<Buffer> {
  const declared = body.contentLength ?? Number.NaN;
  const reader = body.stream?.getReader();
  if (declared > limitBytes) {
    const reusable = reader !== undefined && declared <= discardBytesMax && (await discardRest(reader, discardBytesMax));
    throw tooLarge(limitBytes, reusable);
  }
  if (!reader) return Buffer.alloc(0);

  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) throw tooLarge(limitBytes, await discardRest(reader, discardBytesMax));
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text, capped as readBodyBytes caps it. */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  return (await readBodyBytes(incomingBody(request), limitBytes)).toString("utf8");
}

/** Parses a JSON object body; an empty body reads as `{}` so required fields are named. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", { message: "The body is not valid JSON.", detail: { parameter: "body" } });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ApiError("invalid_request", { message: "The body must be a JSON object.", detail: { parameter: "body" } });
  }
  return parsed as Record<string, unknown>;
}
