import { describe, expect, it } from "vitest";
import { isDue, latestSlot, minuteOfDay, nextPollAt, pollMinuteFor } from "../../lib/roster-feeds/poll-slot";

const at = (iso: string) => new Date(iso);

describe("poll slots", () => {
  it("gives each workspace a stable minute of the day, spread over the whole day", () => {
    const id = "3f0b8c4e-2f59-4a57-9d1e-0d6f1a2b3c4d";
    expect(pollMinuteFor(id)).toBe(pollMinuteFor(id));
    const minutes = Array.from({ length: 2000 }, (_, i) =>
      pollMinuteFor(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`),
    );
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...minutes)).toBeLessThan(1440);
    // Every hour of the day gets some feeds, and no hour gets more than twice its share.
    const perHour = Array.from({ length: 24 }, (_, hour) => minutes.filter((m) => Math.floor(m / 60) === hour).length);
    expect(Math.min(...perHour)).toBeGreaterThan(0);
    expect(Math.max(...perHour)).toBeLessThan((2000 / 24) * 2);
  });

  it("takes today's slot once its minute has come, else yesterday's", () => {
    expect(minuteOfDay(at("2030-01-02T10:07:59Z"))).toBe(607);
    expect(latestSlot(600, at("2030-01-02T10:00:00Z"))).toEqual(at("2030-01-02T10:00:00Z"));
    expect(latestSlot(600, at("2030-01-02T09:59:59Z"))).toEqual(at("2030-01-01T10:00:00Z"));
    expect(latestSlot(0, at("2030-01-02T00:00:00Z"))).toEqual(at("2030-01-02T00:00:00Z"));
    expect(latestSlot(1439, at("2030-01-02T23:58:00Z"))).toEqual(at("2030-01-01T23:59:00Z"));
  });

  it("is due once per slot, from the first slot after the feed was set", () => {
    const since = at("2030-01-01T12:00:00Z");
    const feed = { pollMinute: 600, since };
    // Set at noon, after that day's 10:00 slot: the first poll is the next day's.
    expect(isDue(feed, at("2030-01-01T23:00:00Z"))).toBe(false);
    expect(isDue(feed, at("2030-01-02T09:59:00Z"))).toBe(false);
    expect(isDue(feed, at("2030-01-02T10:00:00Z"))).toBe(true);
    expect(isDue(feed, at("2030-01-02T18:00:00Z"))).toBe(true);
    const polled = { ...feed, lastSyncAt: at("2030-01-02T10:00:30Z") };
    expect(isDue(polled, at("2030-01-02T18:00:00Z"))).toBe(false);
    expect(isDue(polled, at("2030-01-03T09:59:00Z"))).toBe(false);
    expect(isDue(polled, at("2030-01-03T10:00:00Z"))).toBe(true);
    // A manual sync after the slot counts as that day's poll; one before it does not.
    expect(isDue({ ...feed, lastSyncAt: at("2030-01-02T11:00:00Z") }, at("2030-01-02T12:00:00Z"))).toBe(false);
    expect(isDue({ ...feed, lastSyncAt: at("2030-01-02T09:00:00Z") }, at("2030-01-02T12:00:00Z"))).toBe(true);
  });

  it("names the next poll: the next slot, or now when overdue", () => {
    const feed = { pollMinute: 600, since: at("2030-01-01T12:00:00Z") };
    expect(nextPollAt(feed, at("2030-01-01T12:00:00Z"))).toEqual(at("2030-01-02T10:00:00Z"));
    expect(nextPollAt(feed, at("2030-01-02T10:05:00Z"))).toEqual(at("2030-01-02T10:05:00Z"));
    const polled = { ...feed, lastSyncAt: at("2030-01-02T10:00:10Z") };
    expect(nextPollAt(polled, at("2030-01-02T10:05:00Z"))).toEqual(at("2030-01-03T10:00:00Z"));
  });
});
