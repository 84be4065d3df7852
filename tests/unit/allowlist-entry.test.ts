import { describe, expect, it } from "vitest";
import { AllowlistEntryError, parseAllowlistEntry } from "../../lib/partners/allowlist-entry";

describe("parseAllowlistEntry", () => {
  it.each([
    ["myapp://", { kind: "scheme", scheme: "myapp", entry: "myapp://" }],
    ["MyApp://", { kind: "scheme", scheme: "myapp", entry: "myapp://" }],
    ["com.example.app+beta-2://", { kind: "scheme", scheme: "com.example.app+beta-2", entry: "com.example.app+beta-2://" }],
    ["  myapp://\n", { kind: "scheme", scheme: "myapp", entry: "myapp://" }],
    ["https://app.example.com", { kind: "origin", origin: "https://app.example.com", entry: "https://app.example.com" }],
    ["HTTPS://App.Example.COM", { kind: "origin", origin: "https://app.example.com", entry: "https://app.example.com" }],
    ["https://app.example.com/", { kind: "origin", origin: "https://app.example.com", entry: "https://app.example.com" }],
    ["https://app.example.com:443", { kind: "origin", origin: "https://app.example.com", entry: "https://app.example.com" }],
    ["https://app.example.com:0443", { kind: "origin", origin: "https://app.example.com", entry: "https://app.example.com" }],
    [
      "https://app.example.com:8443",
      { kind: "origin", origin: "https://app.example.com:8443", entry: "https://app.example.com:8443" },
    ],
    [
      "https://my_host.example~1.com",
      { kind: "origin", origin: "https://my_host.example~1.com", entry: "https://my_host.example~1.com" },
    ],
    ["https://xn--mnchen-3ya.de", { kind: "origin", origin: "https://xn--mnchen-3ya.de", entry: "https://xn--mnchen-3ya.de" }],
    ["https://192.168.1.20:9000", { kind: "origin", origin: "https://192.168.1.20:9000", entry: "https://192.168.1.20:9000" }],
    ["http://localhost:3000", { kind: "origin", origin: "http://localhost:3000", entry: "http://localhost:3000" }],
    ["http://127.0.0.1:80", { kind: "origin", origin: "http://127.0.0.1", entry: "http://127.0.0.1" }],
    ["HTTP://LOCALHOST", { kind: "origin", origin: "http://localhost", entry: "http://localhost" }],
  ])("accepts %j", (text, expected) => {
    expect(parseAllowlistEntry(text)).toEqual(expected);
  });

  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["myapp", /app scheme such as "myapp:\/\/"/],
    ["myapp:", /write the app scheme as "myapp:\/\/"/],
    ["myapp:/x", /write the app scheme as "myapp:\/\/"/],
    ["myapp://callback", /"myapp:\/\/" alone/],
    ["myapp:///", /"myapp:\/\/" alone/],
    ["1app://", /app scheme such as/],
    ["my_app://", /app scheme such as/],
    ["javascript:alert(1)", /not an app's own scheme/],
    ["javascript://", /not an app's own scheme/],
    ["JavaScript://%0aalert(1)", /not an app's own scheme/],
    ["data://", /not an app's own scheme/],
    ["file://", /not an app's own scheme/],
    ["intent://", /not an app's own scheme/],
    ["https://", /every web page/],
    ["http://", /every web page/],
    ["https://app.example.com/return", /no path, query or fragment/],
    ["https://app.example.com//", /no path, query or fragment/],
    ["https://app.example.com?x=1", /no path, query or fragment/],
    ["https://app.example.com#top", /no path, query or fragment/],
    ["https://user@app.example.com", /user name or password/],
    ["https://user:secret@app.example.com", /user name or password/],
    ["https://*.example.com", /wildcards/],
    ["https://*", /wildcards/],
    ["https://app.example.com:", /port "" is not a number/],
    ["https://app.example.com:0", /port "0"/],
    ["https://app.example.com:65536", /port "65536"/],
    ["https://app.example.com:123456", /port "123456"/],
    ["https://app.example.com:https", /port "https"/],
    ["https://:8443", /no host/],
    ["https://[::1]:8443", /may hold only letters/],
    ["https://münchen.de", /xn-- form/],
    ["https://app.example.com.", /not a valid host name/],
    ["https://app..example.com", /not a valid host name/],
    [`https://${"a".repeat(64)}.com`, /not a valid host name/],
    ["https://0x7f.1", /dotted IPv4/],
    ["https://2130706433", /dotted IPv4/],
    ["https://127.1", /dotted IPv4/],
    ["https://010.0.0.1", /dotted IPv4/],
    ["https://256.0.0.1", /dotted IPv4/],
    ["http://example.com", /only for localhost and 127\.0\.0\.1/],
    ["http://localhost.example.com", /only for localhost/],
    ["https://app example.com", /spaces/],
    ["https://app.example.com\\evil.com", /backslashes/],
    ["https://app.example.com\u0000", /control characters/],
    ["ftp://files.example.com", /not an app's own scheme/],
    ["//app.example.com", /app scheme such as/],
    ["app.example.com", /app scheme such as/],
    [`myapp://${"a".repeat(2050)}`, /longer than 2048/],
  ])("refuses %j", (text, reason) => {
    expect(() => parseAllowlistEntry(text)).toThrow(AllowlistEntryError);
    expect(() => parseAllowlistEntry(text)).toThrow(reason);
  });

  it("gives every spelling of one origin the same stored entry, so adding it twice is one row", () => {
    const spellings = ["https://App.Example.com", "https://app.example.com:443/", " HTTPS://APP.EXAMPLE.COM "];
    expect(new Set(spellings.map((text) => parseAllowlistEntry(text).entry))).toEqual(new Set(["https://app.example.com"]));
  });

  it("keeps a stored entry unchanged when it is parsed again", () => {
    for (const text of ["myapp://", "https://app.example.com:8443", "http://localhost:3000"]) {
      expect(parseAllowlistEntry(parseAllowlistEntry(text).entry).entry).toBe(text);
    }
  });
});
