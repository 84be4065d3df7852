import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as a receiver must verify it. */
  body: string;
  at: number;
}

/** What the receiver answers next: a status (with headers; once `after` settles, if given), or no answer for `hangMs`. */
export type Reply = (
  { status: number; headers?: Record<string, string>; body?: string; after?: Promise<unknown> } | { hangMs: number }
) & {
  /** Only for a delivery whose body this accepts (others, e.g. a late one of an earlier test, pass it by). */
  matches?: (body: string) => boolean;
};

export interface WebhookReceiver {
  url: string;
  /** Every request, in arrival order (a hung one too, once its body arrived). */
  received: ReceivedDelivery[];
  /** Answers the next requests with these, in order; then 204 again. */
  replyNext(...replies: Reply[]): void;
  /** Requests whose JSON `event_id` is `eventId`. */
  of(eventId: string): ReceivedDelivery[];
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1, as a partner would run one: it keeps the raw body and the
 * headers of every delivery, and answers 204 unless told otherwise (a status, a redirect, a hang).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const queue: Reply[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path: request.url ?? "/", headers: request.headers, body, at: Date.now() });
      const index = queue.findIndex((queued) => queued.matches === undefined || queued.matches(body));
      const reply: Reply = index === -1 ? { status: 204 } : queue.splice(index, 1)[0]!;
      if ("hangMs" in reply) {
        setTimeout(() => response.destroyed || response.writeHead(204).end(), reply.hangMs).unref();
        return;
      }
      const answer = () => void (response.destroyed || response.writeHead(reply.status, reply.headers).end(reply.body ?? ""));
      if (reply.after) void reply.after.finally(answer);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/walkthrough`,
    received,
    replyNext: (...replies) => void queue.push(...replies),
    of: (eventId) => received.filter((delivery) => (JSON.parse(delivery.body) as { event_id?: string }).event_id === eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
