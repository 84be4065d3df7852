import { describe, expect, it } from "vitest";
import { analyzeInspectionJob } from "../../lib/jobs/definitions/analyze-inspection";

/*
 * The soak (bench/soak) released a report without the finding the provider had returned: the
 * store was away for 90 s while the analysis stored the finding's picture, pg-boss's retries ran
 * out, and the give-up handed the rest to staff, who had nothing to look at. An analysis that
 * fails because a dependency is away is now tried again on the seal's schedule instead.
 */

const job = { inspectionId: "0a1d4812-a422-447f-a21e-c87f70fb1d1b", partnerId: "8f462681-c741-4bd3-bdd9-ac04fb780f77" };
const storeAway = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9000"), { code: "ECONNREFUSED" });

describe("analyze-inspection's retries", () => {
  it("tries again later, counting, while a dependency is away", () => {
    const first = analyzeInspectionJob.retryLater!(job, storeAway);
    expect(first?.payload).toMatchObject({ ...job, retries: 1 });
    expect(first?.afterSeconds).toBeGreaterThan(0);
    const second = analyzeInspectionJob.retryLater!(first!.payload, storeAway);
    expect(second?.payload.retries).toBe(2);
    expect(second?.payload.failingSince).toBe(first?.payload.failingSince);
  });

  it("leaves any other failure to pg-boss's retries and the give-up", () => {
    expect(analyzeInspectionJob.retryLater!(job, new Error("the provider's answer broke the schema"))).toBeUndefined();
  });
});
