import { describe, expect, it } from "vitest";
import { checkReceiverUrl } from "../../lib/webhooks/receiver-url";

describe("receiver URLs", () => {
  it("take https on a public host, any port and path; private ones only where allowed", () => {
    expect(checkReceiverUrl("https://hooks.example.com/walkthrough?x=1", false)).toBe(
      "https://hooks.example.com/walkthrough?x=1",
    );
    expect(checkReceiverUrl("https://hooks.example.com:8443/in", false)).toBe("https://hooks.example.com:8443/in");
    for (const url of [
      "http://hooks.example.com/in",
      "http://127.0.0.1:9000/in",
      "https://127.0.0.1/in",
      "https://10.1.2.3/in",
      "https://[::1]/in",
      "https://localhost/in",
      "https://app.localhost/in",
    ]) {
      expect(() => checkReceiverUrl(url, false), url).toThrow();
    }
    expect(checkReceiverUrl("http://127.0.0.1:9000/in", true)).toBe("http://127.0.0.1:9000/in");
    expect(checkReceiverUrl("https://localhost/in", true)).toBe("https://localhost/in");
  });

  it("refuse what is never a receiver", () => {
    const cases: [string, RegExp][] = [
      ["ftp://hooks.example.com/", /scheme/],
      ["not a url", /not a URL/],
      ["https://user:pass@hooks.example.com/", /credentials/],
      ["https://hooks.example.com/#frag", /fragment/],
      [`https://hooks.example.com/${"a".repeat(2048)}`, /longer than 2048/],
    ];
    for (const [url, reason] of cases) expect(() => checkReceiverUrl(url, true), url).toThrow(reason);
  });
});
