import { describe, expect, it } from "vitest";
import { pageLocaleFor } from "../../lib/i18n/request-locale";

/*
 * Which pages the front door renders in a language other than English: the recorder's in the
 * phone's; the sign-in, report and people pages (English first) only in the pseudo-locale, which
 * a test sets to see text that bypassed their catalogue; everything else never.
 */

const spanish = { cookie: "walkthrough-language=es", "accept-language": "es-ES,es;q=0.9" };
const pseudo = { cookie: "other=1; walkthrough-language=en-XA" };

describe("the page's language", () => {
  it("follows the phone on the recorder's pages", () => {
    expect(pageLocaleFor("/r/abc123", spanish)).toBe("es");
    expect(pageLocaleFor("/r", { "accept-language": "pl" })).toBe("pl");
  });

  it.each([
    "/sign-in",
    "/sign-in/failed",
    "/reports/insp_1",
    "/home",
    "/homes/prop_1",
    "/people",
    "/workspaces/ws_1/people",
    "/settings",
  ])("keeps %s English for a real language and follows the pseudo-locale", (path) => {
    expect(pageLocaleFor(path, spanish)).toBeUndefined();
    expect(pageLocaleFor(path, pseudo)).toBe("en-XA");
  });

  it.each(["/", "/docs", "/admin", "/console", "/reports/insp_1/pdf", "/api/workspaces/ws_1/seats", "/v1/workspaces"])(
    "leaves %s alone, the pseudo-locale too",
    (path) => {
      expect(pageLocaleFor(path, pseudo)).toBeUndefined();
    },
  );
});
