import { describe, expect, it } from "vitest";
import { jobPayloads } from "../../lib/queue/payloads";
import { queueNames, queues } from "../../lib/queue/queues";
import { maxLeases } from "../../lib/jobs/lease";
import { jobRegistry } from "../../lib/jobs/registry";
import { feedLimits } from "../../lib/roster-feeds/feed-limits";

describe("the job registry and the declared queues", () => {
  it("has one handler for every declared queue and none for an undeclared one", () => {
    expect(jobRegistry.map((job) => job.queue).sort()).toEqual([...queueNames].sort());
    expect(Object.keys(jobPayloads).sort()).toEqual([...queueNames].sort());
  });

  it("gives a job a give-up step exactly when its queue has a dead-letter queue for it", () => {
    for (const job of jobRegistry) expect([job.queue, job.onGiveUp !== undefined]).toEqual([job.queue, queues[job.queue].giveUp]);
  });

  it("lets every attempt with a deadline end before its expiry", () => {
    for (const name of queueNames) {
      const { deadlineSeconds, expireInSeconds } = queues[name];
      if (deadlineSeconds !== undefined) expect(expireInSeconds, name).toBeGreaterThan(deadlineSeconds);
    }
    expect(queues["import-baseline"]).toMatchObject({ deadlineSeconds: 600, expireInSeconds: 780 });
  });

  it("lets one roster feed poll take every page at the full per-request time before it expires", () => {
    // The queue layer states the number; the feed's limits (domain) are what it must cover.
    const wholePollSeconds = (feedLimits.maxPages * feedLimits.requestTimeoutMs) / 1000;
    expect(queues["poll-roster-feed"]).toMatchObject({ retryLimit: 1, expireInSeconds: wholePollSeconds + 200 });
  });

  it("has a lease connection for every leased attempt a worker runs at once, and one for the orphan check", () => {
    const leasedAtOnce = jobRegistry.filter((job) => job.workId).reduce((sum, job) => sum + (job.concurrency ?? 1), 0);
    expect(leasedAtOnce + 1).toBeLessThanOrEqual(maxLeases);
  });
});
