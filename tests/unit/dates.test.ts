import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatDuration, formatRelative, formatVideoTime } from "../../lib/format/dates";

const moment = new Date("2026-11-25T14:05:00Z");

describe("dates as people read them", () => {
  it("writes a moment in the reader's language and zone, with a time", () => {
    expect(formatDateTime(moment, { locale: "en-GB", timeZone: "Europe/Paris" })).toBe("Wed, 25 Nov 2026, 15:05");
    expect(formatDateTime(moment, { locale: "en-US", timeZone: "America/New_York" })).toBe("Wed, Nov 25, 2026, 09:05 AM");
    expect(formatDateTime(moment, { locale: "de-DE", timeZone: "Europe/Berlin" })).toBe("Mi., 25. Nov. 2026, 15:05");
  });

  it("names the zone when asked, and falls back to UTC and English for values it cannot use", () => {
    expect(formatDateTime(moment, { locale: "en-GB", timeZone: "UTC" }, true)).toBe("Wed, 25 Nov 2026, 14:05 UTC");
    expect(formatDateTime(moment, { locale: "not a locale", timeZone: "Mars/Olympus" }, true)).toBe(
      formatDateTime(moment, { locale: "en-GB" }, true),
    );
  });

  it("reads a calendar day without shifting it", () => {
    expect(formatDay(new Date("2026-11-25T00:00:00Z"), { locale: "en-GB", timeZone: "UTC" })).toBe("25 Nov 2026");
  });

  it("says how long something took and where a moment is in a video", () => {
    expect(formatDuration(45, "en")).toBe("45s");
    expect(formatDuration(12 * 60 + 20, "en")).toBe("12m");
    expect(formatDuration(3900, "en")).toBe("1h 5m");
    expect(formatVideoTime(3.9)).toBe("0:03");
    expect(formatVideoTime(760)).toBe("12:40");
  });

  it("says how long ago", () => {
    expect(formatRelative(new Date("2026-11-25T11:05:00Z"), moment, "en")).toBe("3 hours ago");
    expect(formatRelative(new Date("2026-11-24T14:05:00Z"), moment, "en")).toBe("yesterday");
  });
});
