import http from "node:http";
import { useDatabase } from "../tests/support/databases";

export interface TimedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench checks read a few known fields
  body: any;
  /** From just before the request was written to the last byte of the answer (high resolution). */
  ms: number;
  /** When the last byte arrived, on the performance.now() clock. */
  endedAt: number;
}

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** Sent as is with content-type application/json (serialize once, outside the timing). */
  body?: string | Buffer;
}

/**
 * A partner's client over loopback with keep-alive sockets (as a real integration would hold),
 * timing each request with performance.now(). close() drops the sockets.
 */
export class ApiClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  request(method: string, path: string, options: RequestOptions = {}): Promise<TimedAnswer> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string | number> = { authorization: `Bearer ${this.apiKey}`, ...options.headers };
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(options.body);
    }
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(url, { method, agent: this.agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const endedAt = performance.now();
          const text = Buffer.concat(chunks).toString("utf8");
          const status = response.statusCode ?? 0;
          try {
            resolve({
              status,
              headers: response.headers,
              body: text ? JSON.parse(text) : undefined,
              ms: endedAt - started,
              endedAt,
            });
          } catch {
            reject(new Error(`${method} ${url.pathname} answered ${status} with a body that is not JSON: ${text.slice(0, 300)}`));
          }
        });
      });
      request.on("error", reject);
      request.end(options.body);
    });
  }

  /** Like request(), but throws unless the status is the expected one. */
  async expect(status: number, method: string, path: string, options: RequestOptions = {}): Promise<TimedAnswer> {
    const answer = await this.request(method, path, options);
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    return answer;
  }

  close(): void {
    this.agent.destroy();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One partner and its key, made through lib/ in this process against the scenario's database. */
export async function seedPartner(databaseUrl: string, name = "Bench partner"): Promise<string> {
  // A pool left by an earlier scenario would point at that scenario's database.
  await useDatabase(databaseUrl);
  const { closeDb } = await import("../lib/db/client");
  const { createPartner } = await import("../lib/partners/create-partner");
  try {
    return (await createPartner(name)).apiKey;
  } finally {
    await closeDb();
  }
}

/** POST /v1/workspaces, as a partner provisions an account. */
export async function provision(client: ApiClient, workspaceId: string): Promise<void> {
  await client.expect(201, "POST", "/v1/workspaces", { body: JSON.stringify({ workspace_id: workspaceId, name: workspaceId }) });
}

export function pushRoster(client: ApiClient, workspaceId: string, idempotencyKey: string, body: string): Promise<TimedAnswer> {
  return client.request("POST", "/v1/roster-imports", {
    query: { workspace_id: workspaceId },
    headers: { "idempotency-key": idempotencyKey },
    body,
  });
}

const finalStatuses = new Set(["applied", "rejected", "failed"]);

/**
 * Reads the run every `pollMs` until it is final; `endedAt` is when the answer saying so arrived.
 * `pending` receives the round trip of each read that found the run not final yet.
 */
export async function pollRun(
  client: ApiClient,
  workspaceId: string,
  importId: string,
  pollMs = 20,
  timeoutMs = 60_000,
  pending?: number[],
): Promise<TimedAnswer> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await client.expect(200, "GET", `/v1/roster-imports/${encodeURIComponent(importId)}`, {
      query: { workspace_id: workspaceId },
    });
    if (finalStatuses.has(answer.body.status as string)) return answer;
    pending?.push(answer.ms);
    if (performance.now() > deadline)
      throw new Error(`run ${importId} still ${String(answer.body.status)} after ${timeoutMs} ms`);
    await sleep(pollMs);
  }
}

/**
 * Waits until activation has caught up with the applied roster (a job after the apply), so
 * its work does not overlap the next measurement. Returns when it was seen done.
 */
export async function waitForActivation(
  client: ApiClient,
  workspaceId: string,
  pollMs = 50,
  timeoutMs = 60_000,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await client.expect(200, "GET", `/v1/workspaces/${encodeURIComponent(workspaceId)}`);
    const roster = answer.body.roster as { present_count: number; billing_active_count: number };
    const state = (answer.body.service as { state: string }).state;
    if (state === "enabled" && roster.billing_active_count === roster.present_count) return answer.endedAt;
    if (performance.now() > deadline) throw new Error(`activation of ${workspaceId} not done: ${JSON.stringify(answer.body)}`);
    await sleep(pollMs);
  }
}
