// The partner reading at about 25 requests a second through the load balancer, through a client
// that keeps every answer: status reads of walkthroughs in flight, the properties listing, video
// links of sealed ones. What counts: no answer outside what the contract allows (2xx, the 4xx the
// read can answer, 503 with Retry-After while a dependency is away), and 502s only from the load
// balancer when a web died under a request.
import type { ApiClient } from "../api-client";
import type { WalkOutcome } from "./phones";

export interface ReaderTally {
  byStatus: Record<string, number>;
  /** Answers the contract does not allow, with what they said (first few). */
  unexpected: string[];
  unexpectedCount: number;
  /** 503 answers without Retry-After. */
  bare503: number;
  networkErrors: number;
  total: number;
}

const allowed = new Set([200, 404, 409, 503]);

export function startPartnerReader(
  client: ApiClient,
  workspaceId: string,
  walks: () => WalkOutcome[],
  perSecond: number,
): { tally: ReaderTally; stop(): Promise<void> } {
  const tally: ReaderTally = { byStatus: {}, unexpected: [], unexpectedCount: 0, bare503: 0, networkErrors: 0, total: 0 };
  const inFlight = new Set<Promise<void>>();
  let turn = 0;
  const one = async () => {
    const known = walks();
    const kind = turn++ % 5;
    let path = "/v1/properties";
    let query: Record<string, string> = { workspace_id: workspaceId, limit: "100" };
    const pick = known[Math.floor(Math.random() * known.length)];
    if (kind <= 2 && pick) {
      path = "/v1/inspections";
      query = { workspace_id: workspaceId, task_id: pick.taskId };
    } else if (kind === 3) {
      const sealed = known.filter((walk) => walk.sealedAt && walk.inspectionId);
      const video = sealed[Math.floor(Math.random() * sealed.length)];
      if (video) {
        path = `/v1/inspections/${video.inspectionId}/video`;
        query = { workspace_id: workspaceId };
      }
    }
    tally.total += 1;
    try {
      const answer = await client.request("GET", path, { query });
      const key = `${answer.status}${answer.headers["x-soak-lb"] ? ` (${String(answer.headers["x-soak-lb"])})` : ""}`;
      tally.byStatus[key] = (tally.byStatus[key] ?? 0) + 1;
      if (answer.status === 503 && !answer.headers["retry-after"]) tally.bare503 += 1;
      const fromLb = answer.headers["x-soak-lb"] !== undefined;
      if (!allowed.has(answer.status) && !fromLb) {
        tally.unexpectedCount += 1;
        if (tally.unexpected.length < 10)
          tally.unexpected.push(`${answer.status} ${path}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    } catch (error) {
      tally.networkErrors += 1;
      tally.byStatus.network = (tally.byStatus.network ?? 0) + 1;
      void error;
    }
  };
  const timer = setInterval(() => {
    const request = one();
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }, 1000 / perSecond);
  return {
    tally,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
