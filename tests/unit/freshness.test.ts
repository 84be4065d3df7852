import { describe, expect, it } from "vitest";
import { rosterState, staleAfterMs } from "../../lib/roster/freshness";

describe("rosterState", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it("is unconfirmed before any roster applied", () => {
    expect(rosterState(null, null, now)).toBe("unconfirmed");
  });
  it("is fresh up to 48 hours after observed_at and stale after", () => {
    const confirmed = new Date(now);
    expect(rosterState(confirmed, new Date(now.getTime() - staleAfterMs), now)).toBe("fresh");
    expect(rosterState(confirmed, new Date(now.getTime() - staleAfterMs - 1), now)).toBe("stale");
  });
});
