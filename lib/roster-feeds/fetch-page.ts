import http from "node:http";
import https from "node:https";
import { FeedError } from "./feed-errors";

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

function open(request: PageRequest, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = request.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      request.url,
      {
        method: "GET",
        agent: request.agent,
        signal,
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

function connectionProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") {
    return "connection closed before the page was complete";
  }
  return code ?? (error instanceof Error ? error.message : "connection failed");
}

/**
 * GETs one page with the feed's bearer secret and returns its body. No redirect is followed
 * (node:http never follows one), anything but 200 fails, and the whole request, headers and
 * body, must finish within `timeoutMs` (spec, Hosted feed: Bounds).
 */
export async function fetchPage(request: PageRequest): Promise<Buffer> {
  const controller = new AbortController();
  let timedOut = false;
  let done = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  try {
    const response = await open(request, controller.signal);
    refuseStatus(response, request.page);
    const body = await readBody(response, request.budget, request.page);
    done = true;
    return body;
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (timedOut) throw new FeedError("feed_timeout", { page: request.page, timeout_seconds: request.timeoutMs / 1000 });
    throw new FeedError("feed_connect_failed", { page: request.page, reason: connectionProblem(error) });
  } finally {
    clearTimeout(timer);
    // Whatever is still unread (a refused status, a page over the limit) is not wanted: drop the connection.
    if (!done) controller.abort();
  }
}
