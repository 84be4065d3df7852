// Simulated phones: the recording app's own protocol over real HTTP through the load balancer
// (link, open, numbered parts with SHA-256, taps, Done, polling until sealed), retrying as the
// app does on a network error, a 5xx or a 429, with backoff. Every answer that counts is kept for
// the invariants: which parts got a 2xx (and with which digest), whether Done got a 2xx.
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { ApiClient } from "../api-client";
import type { Fixture } from "./fixtures";

export interface PartOutcome {
  partNumber: number;
  sha256: string;
  /** The 2xx that ended it (201 stored, 200 already held), or undefined if it never got one. */
  status?: number;
  attempts: number;
  /** From the first send to the 2xx, retries included, as the phone waited. */
  ms?: number;
}

export interface WalkOutcome {
  index: number;
  taskId: string;
  propertyId: string;
  recordingUrl?: string;
  inspectionId?: string;
  fixture: Fixture;
  parts: PartOutcome[];
  /** Done answered 2xx. */
  doneOk: boolean;
  doneAt?: number;
  sealedAt?: number;
  finalState?: string;
  error?: string;
}

interface Answer {
  status: number;
  body: string;
  /** Set when the load balancer answered itself (the web went away under the request). */
  lb?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(
  agent: http.Agent,
  url: string,
  method: string,
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          "user-agent": "SoakPhone/1 (Android 15) Chrome/142",
          ...headers,
          ...(body ? { "content-length": String(body.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            lb: response.headers["x-soak-lb"] as string | undefined,
          }),
        );
      },
    );
    request.setTimeout(60_000, () => request.destroy(new Error("timed out")));
    request.on("error", reject);
    request.end(body);
  });
}

const retryable = (status: number) => status >= 500 || status === 429;

/** Sends until a final answer (not a network error, 5xx or 429); gives up after `deadlineMs`. */
async function persist(
  attempt: () => Promise<Answer>,
  tally: Record<string, number>,
  deadlineMs = 300_000,
): Promise<{ answer?: Answer; attempts: number; error?: string }> {
  const deadline = Date.now() + deadlineMs;
  let wait = 250;
  let error: string | undefined;
  for (let attempts = 1; ; attempts++) {
    try {
      const answer = await attempt();
      const key = answer.lb ? `${answer.status} (${answer.lb})` : String(answer.status);
      tally[key] = (tally[key] ?? 0) + 1;
      if (!retryable(answer.status)) return { answer, attempts };
      error = `${answer.status} ${answer.body.slice(0, 200)}`;
    } catch (failure) {
      tally.network = (tally.network ?? 0) + 1;
      error = String(failure);
    }
    if (Date.now() > deadline) return { attempts, error };
    await sleep(wait);
    wait = Math.min(wait * 2, 4000);
  }
}

export interface PhoneOptions {
  lbUrl: string;
  client: ApiClient;
  workspaceId: string;
  homes: string[];
  /** Pause between parts (a real phone sends one every 3 s while it records). */
  partGapMs: number;
  sealTimeoutMs: number;
  /** Every answer the phones got, by status ("network" for none), the load balancer's 502s included. */
  answers: Record<string, number>;
}

/** One walkthrough from the link to `sealed` (or until it cannot go on); never throws. */
export async function walkthrough(index: number, fixture: Fixture, options: PhoneOptions): Promise<WalkOutcome> {
  const walk: WalkOutcome = {
    index,
    taskId: randomUUID(),
    propertyId: options.homes[index % options.homes.length]!,
    fixture,
    parts: [],
    doneOk: false,
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  try {
    const link = await persist(async () => {
      const answer = await options.client.request("GET", "/v1/recording-link", {
        query: { workspace_id: options.workspaceId, task_id: walk.taskId, property_id: walk.propertyId },
      });
      const lb = answer.headers["x-soak-lb"] as string | undefined;
      return { status: answer.status, body: JSON.stringify(answer.body), lb };
    }, options.answers);
    if (link.answer?.status !== 200) throw new Error(`recording link: ${link.answer?.status} ${link.error ?? link.answer?.body}`);
    const recordingUrl = (JSON.parse(link.answer.body) as { recording_url: string }).recording_url;
    walk.recordingUrl = recordingUrl;
    const api = (path: string) => `${recordingUrl}/api/${path}`;
    const json = { "content-type": "application/json" };

    const opened = await persist(() => send(agent, api("open"), "POST", Buffer.from("{}"), json), options.answers);
    if (opened.answer?.status !== 200) throw new Error(`open: ${opened.answer?.status} ${opened.error ?? opened.answer?.body}`);
    const session = JSON.parse(opened.answer.body) as { inspection_id: string; checklist: { items: { id: string }[] }[] };
    walk.inspectionId = session.inspection_id;
    const itemIds = session.checklist.flatMap((list) => list.items.map((item) => item.id));

    const bytes = fixture.bytes;
    const count = Math.ceil(bytes.length / fixture.partBytes);
    const events = itemIds.map((id, i) => ({
      seq: i + 1,
      item_id: id,
      action: "check",
      run: 0,
      run_seconds: ((i + 1) * fixture.seconds) / (itemIds.length + 1),
    }));
    for (let n = 1; n <= count; n++) {
      const body = bytes.subarray((n - 1) * fixture.partBytes, n * fixture.partBytes);
      const sha256 = createHash("sha256").update(body).digest("hex");
      const started = performance.now();
      const sent = await persist(
        () =>
          send(agent, api(`parts/${n}`), "PUT", body, {
            "content-type": fixture.contentType,
            "x-part-sha256": sha256,
            "x-recording-run": "0",
            "x-recording-source": "camera",
          }),
        options.answers,
      );
      const ok = sent.answer && sent.answer.status >= 200 && sent.answer.status < 300;
      walk.parts.push({
        partNumber: n,
        sha256,
        status: ok ? sent.answer!.status : undefined,
        attempts: sent.attempts,
        ms: ok ? performance.now() - started : undefined,
      });
      if (!ok) throw new Error(`part ${n}: ${sent.answer?.status ?? ""} ${sent.error ?? sent.answer?.body ?? ""}`);
      // The taps go while the cleaner walks: half way through.
      if (n === Math.ceil(count / 2)) {
        const tapped = await persist(
          () => send(agent, api("checklist-events"), "POST", Buffer.from(JSON.stringify({ events })), json),
          options.answers,
        );
        if (tapped.answer?.status !== 200)
          throw new Error(`taps: ${tapped.answer?.status} ${tapped.error ?? tapped.answer?.body}`);
      }
      await sleep(options.partGapMs);
    }

    const finish = JSON.stringify({
      parts: walk.parts.map((part) => ({ part_number: part.partNumber, sha256: part.sha256 })),
      events_seq: events.length,
    });
    const done = await persist(() => send(agent, api("finish"), "POST", Buffer.from(finish), json), options.answers);
    if (done.answer?.status !== 202) throw new Error(`finish: ${done.answer?.status} ${done.error ?? done.answer?.body}`);
    walk.doneOk = true;
    walk.doneAt = Date.now();

    const deadline = Date.now() + options.sealTimeoutMs;
    for (;;) {
      const state = await send(agent, api("state"), "GET").catch(() => undefined);
      if (state?.status === 200) {
        const parsed = JSON.parse(state.body) as { state: string };
        walk.finalState = parsed.state;
        if (parsed.state === "sealed") {
          walk.sealedAt = Date.now();
          break;
        }
        if (parsed.state === "failed") throw new Error("the walkthrough ended failed");
      }
      if (Date.now() > deadline) throw new Error(`not sealed ${options.sealTimeoutMs / 1000} s after Done`);
      await sleep(1000);
    }
  } catch (error) {
    walk.error = error instanceof Error ? error.message : String(error);
  } finally {
    agent.destroy();
  }
  return walk;
}
