import { describe, expect, it } from "vitest";
import { fixedReasonOf, fixedReasons, missedReasonIds, reasonToSend } from "../../lib/recorder-app/missed-reasons";
import en from "../../lib/i18n/messages/en.json";
import pl from "../../lib/i18n/messages/pl.json";

describe("the one-tap reasons for a missed item", () => {
  it("send the fixed reasons in English, whatever the phone speaks", () => {
    expect(reasonToSend({ reason: "cameraMissed" })).toBe("Done, the camera missed it");
    expect(reasonToSend({ reason: "notInHome", words: "ignored" })).toBe("Not in this home");
    expect(reasonToSend({ reason: "noSupplies" })).toBe("No supplies");
  });

  it("send the cleaner's own words for Something else, and nothing without words", () => {
    expect(reasonToSend({ reason: "other", words: "  Guest still in the room  " })).toBe("Guest still in the room");
    expect(reasonToSend({ reason: "other", words: "   " })).toBeUndefined();
    expect(reasonToSend({ reason: "other" })).toBeUndefined();
    expect(reasonToSend({ reason: "other", words: "x".repeat(600) })).toHaveLength(500);
  });

  it("find a fixed reason back from its English words, so it shows in the cleaner's language", () => {
    for (const [id, english] of Object.entries(fixedReasons)) expect(fixedReasonOf(english)).toBe(id);
    expect(fixedReasonOf("The mirror was steamed up")).toBeUndefined();
  });

  it("each have words on the screen in the catalogues; the English ones match what is sent", () => {
    for (const id of missedReasonIds) {
      expect(en.recorder.reasons[id]).toBeTruthy();
      expect(pl.recorder.reasons[id]).not.toBe(en.recorder.reasons[id]);
    }
    for (const [id, english] of Object.entries(fixedReasons))
      expect(en.recorder.reasons[id as keyof typeof fixedReasons]).toBe(english);
  });
});
