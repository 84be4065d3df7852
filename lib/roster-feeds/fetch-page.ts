import "server-only";
import http from "node:http";
import https from "node:https";
import { FeedError } from "./feed-errors";
import { loopbackOnlyLookup } from "./feed-transport";

/** What is left of the feed's byte allowance, shared by all of its pages. */
export class ByteBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  get remaining(): number {
    return this.limit - this.used;
  }

  take(bytes: number, page: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw new FeedError("feed_too_large", { page, limit_bytes: this.limit });
  }
}

export interface PageRequest {
  url: URL;
  secret: string;
  page: number;
  budget: ByteBudget;
  timeoutMs: number;
  agent: http.Agent;
}

/** What the partner reads on any connection failure: the same words whatever happened. */
const unreachable = "The feed could not be reached, or the connection broke before the page was complete.";

function open(request: PageRequest, signal: AbortSignal): Promise<http.IncomingMessage> {
  const secure = request.url.protocol === "https:";
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      request.url,
      {
        method: "GET",
        agent: request.agent,
        signal,
        // Plain http carries the secret only to a loopback address (feed-transport.ts): checked
        // on the URL before polling, and here on the address actually dialled.
        ...(!secure && { lookup: loopbackOnlyLookup }),
        headers: {
          authorization: `Bearer ${request.secret}`,
          accept: "application/json",
          // Bytes are counted as they arrive; a compressed body would hide its real size.
          "accept-encoding": "identity",
          "user-agent": "Walkthrough-Roster-Pull/1",
        },
      },
      resolve,
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function refuseStatus(response: http.IncomingMessage, page: number): void {
  const status = response.statusCode ?? 0;
  if (status === 200) return;
  response.destroy();
  if (status >= 300 && status < 400) throw new FeedError("feed_redirect", { page, status });
  throw new FeedError("feed_http_status", { page, status });
}

async function readBody(response: http.IncomingMessage, budget: ByteBudget, page: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  // A page that announces more than is left is refused before a byte of it is read.
  if (Number.isFinite(declared) && declared > budget.remaining) budget.take(declared, page);
  const chunks: Buffer[] = [];
  // Leaving the loop by a throw destroys the response: reading stops at the limit.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    budget.take(chunk.length, page);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** What staff see of a connection failure: the system's own code and words. */
function connectionProblem(error: unknown): Record<string, unknown> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") {
    return { reason: code, message: "connection closed before the page was complete" };
  }
  return { reason: code ?? "connection failed", message };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * GETs one page with the feed's bearer secret and returns its body. No redirect is followed
 * (node:http never follows one), anything but 200 fails, and the whole request, headers and
 * body, must finish within `timeoutMs` (spec, Hosted feed: Bounds).
 *
 * Until the feed answers, every failure is one `feed_connect_failed` with one fixed detail,
 * reported when the request's time is up: refused at once (a closed port), no answer (a
 * filtered one), unreachable, a failed name or TLS handshake all look the same, in words and in
 * time, to whoever reads the run. Staff get the real cause in `staffDetail`. Once the feed has
 * answered, a stall is `feed_timeout`.
 */
export async function fetchPage(request: PageRequest): Promise<Buffer> {
  const started = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  let answered = false;
  let done = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const page = request.page;
  try {
    const response = await open(request, controller.signal);
    answered = true;
    refuseStatus(response, page);
    const body = await readBody(response, request.budget, page);
    done = true;
    return body;
  } catch (error) {
    if (error instanceof FeedError) throw error;
    const seconds = request.timeoutMs / 1000;
    if (answered) {
      if (timedOut) throw new FeedError("feed_timeout", { page, timeout_seconds: seconds });
      throw new FeedError("feed_connect_failed", { page, message: unreachable }, { page, ...connectionProblem(error) });
    }
    const staff = timedOut
      ? { reason: "no answer", message: `nothing answered within ${seconds} seconds` }
      : connectionProblem(error);
    await sleep(started + request.timeoutMs - Date.now());
    throw new FeedError("feed_connect_failed", { page, message: unreachable }, { page, ...staff });
  } finally {
    clearTimeout(timer);
    // Whatever is still unread (a refused status, a page over the limit) is not wanted: drop the connection.
    if (!done) controller.abort();
  }
}
