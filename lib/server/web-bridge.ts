import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../errors/api-error";
import { isDependencyUnavailable } from "../errors/dependency-unavailable";
import { dependencyUnavailable } from "../http/unavailable";
import { requestIdFor } from "../http/request-id";
import { errorResponse } from "../http/respond";
import { log } from "../log";

/*
 * node:http <-> fetch API for the production dispatchers (/v1, /media): a web `Request` built as cheaply as
 * is correct, and a `Response` written back with its status, every header and a streamed body.
 */

/** Headers as Node parsed them (duplicates of single-valued headers dropped), like Next passes them on. */
function webHeaders(req: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") pairs.push([name, value]);
    else if (value) for (const item of value) pairs.push([name, item]);
  }
  return pairs;
}

function hasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * The body as a web stream, read only as the handler reads it. Unlike `Readable.toWeb(req)`,
 * cancelling it (a body over its cap) does not destroy the socket: the handler's 413 still
 * reaches the caller, and the rest of the upload is discarded rather than buffered.
 */
export function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let listening = false;
  let settled = false;

  const onData = (chunk: Buffer) => {
    controller.enqueue(chunk);
    req.pause(); // until the handler reads again (pull)
  };
  const settle = (finish: () => void) => {
    if (settled) return;
    settled = true;
    req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onError);
    finish();
  };
  const onEnd = () => settle(() => controller.close());
  const onError = (error: Error) => settle(() => controller.error(error));
  // Closed before `end`: the client went away in the middle of the body.
  const onClose = () => settle(() => controller.error(new Error("The client closed the connection mid-body.")));

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (listening) {
          req.resume();
          return;
        }
        listening = true;
        if (req.destroyed) return onClose();
        req.on("data", onData).once("end", onEnd).once("close", onClose).once("error", onError);
      },
      cancel() {
        settle(() => undefined);
        req.resume();
      },
    },
    // Nothing is read ahead: a body no handler asks for is left to Node, which discards it.
    { highWaterMark: 0 },
  );
}

/** A web `Request` for a node request: `origin` + the raw path and query byte for byte, headers, streamed body. */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  return new Request(origin + req.url, {
    method: req.method,
    headers: webHeaders(req),
    body: hasBody(req) ? requestBody(req) : null,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
}

function writeHead(response: Response, res: ServerResponse): void {
  const headers: Record<string, string | string[]> = {};
  // Iterating joins repeated values with ", ", which is right for every header but Set-Cookie.
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.once("drain", done).once("close", done);
  });
}

/**
 * Writes a `Response` to a node response, honouring backpressure. Never throws: a caller that
 * went away cancels the body, and a failure part-way ends the connection, the only signal left.
 */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const body = response.body;
  try {
    writeHead(response, res);
    if (!body) {
      res.end();
      return;
    }
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch {
    await body?.cancel().catch(() => undefined);
    res.destroy();
  }
}

/**
 * Answers a node request with a web handler. Handlers answer their own errors; a failure around
 * one becomes the envelope's 500, logged with `logFields` (the caller decides what is safe to log).
 */
export async function answerWithWebHandler(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  handle: (request: Request) => Promise<Response>,
  failure: { message: string; logFields: Record<string, unknown> },
): Promise<void> {
  let request: Request | undefined;
  let response: Response;
  try {
    request = toWebRequest(req, origin);
    response = await handle(request);
  } catch (error) {
    const requestId = request ? requestIdFor(request) : randomUUID();
    log().error({ err: error, requestId, method: req.method, ...failure.logFields }, failure.message);
    response = errorResponse(
      isDependencyUnavailable(error) ? dependencyUnavailable(error) : new ApiError("internal_error"),
      requestId,
    );
  }
  await writeWebResponse(response, res);
}
