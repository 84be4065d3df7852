import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../lib/config";

describe("parseConfig", () => {
  it("fills defaults and derives APP_URL from PORT", () => {
    const config = parseConfig({ PORT: "4100" });
    expect(config.PORT).toBe(4100);
    expect(config.APP_URL).toBe("http://localhost:4100");
    expect(config.DATA_DIR).toBe(path.resolve(".data"));
    expect(config.RUN_WORKERS).toBe(true);
  });

  const secret = "s".repeat(32);
  // Only its shape is checked here (a test value, not a key).
  const signingKey = "-----BEGIN PRIVATE KEY-----\ntest\n-----END PRIVATE KEY-----";

  it("creates a demo partner by default only with the embedded database", () => {
    expect(parseConfig({}).CREATE_DEMO_PARTNER).toBe(true);
    expect(
      parseConfig({ DATABASE_URL: "postgresql://db/walkthrough", APP_SECRET: secret, EVIDENCE_SIGNING_KEY: signingKey })
        .CREATE_DEMO_PARTNER,
    ).toBe(false);
    expect(
      parseConfig({
        DATABASE_URL: "postgresql://db/w",
        APP_SECRET: secret,
        EVIDENCE_SIGNING_KEY: signingKey,
        CREATE_DEMO_PARTNER: "true",
      }).CREATE_DEMO_PARTNER,
    ).toBe(true);
  });

  it("allows private webhook receivers by default only when APP_URL is a loopback origin, whatever the database", () => {
    const allowed = (env: Record<string, string>) => parseConfig(env).WEBHOOKS_ALLOW_PRIVATE_RECEIVERS;
    expect(allowed({})).toBe(true);
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:4000",
      "http://127.8.9.10",
      "http://[::1]:3000",
      "http://app.localhost",
    ]) {
      expect(allowed({ APP_URL: url }), url).toBe(true);
      expect(
        allowed({ APP_URL: url, DATABASE_URL: "postgresql://db/w", APP_SECRET: secret, EVIDENCE_SIGNING_KEY: signingKey }),
        url,
      ).toBe(true);
    }
    // The embedded database alone no longer opens them up: a public origin keeps them off.
    for (const url of [
      "https://walkthrough.example.com",
      "http://10.0.0.5:3000",
      "http://192.168.1.20",
      "http://localhost.example.com",
    ]) {
      expect(allowed({ APP_URL: url }), url).toBe(false);
    }
    expect(allowed({ APP_URL: "https://walkthrough.example.com", WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true" })).toBe(true);
    expect(allowed({ APP_URL: "http://localhost:3000", WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "false" })).toBe(false);
  });

  it("bounds demo video uploads by default: 20 GiB stored across the service, 4 streaming per process", () => {
    expect(parseConfig({})).toMatchObject({ DEMO_STORAGE_MAX_GIB: 20, DEMO_UPLOADS_AT_ONCE: 4 });
    expect(parseConfig({ DEMO_STORAGE_MAX_GIB: "0.5", DEMO_UPLOADS_AT_ONCE: "1" })).toMatchObject({
      DEMO_STORAGE_MAX_GIB: 0.5,
      DEMO_UPLOADS_AT_ONCE: 1,
    });
    for (const [name, value] of [
      ["DEMO_STORAGE_MAX_GIB", "0"],
      ["DEMO_STORAGE_MAX_GIB", "lots"],
      ["DEMO_UPLOADS_AT_ONCE", "0"],
      ["DEMO_UPLOADS_AT_ONCE", "1.5"],
    ] as const) {
      expect(() => parseConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid environment variable ${name}:`),
      );
    }
  });

  it("stops a start with an external database and no APP_SECRET, naming it", () => {
    expect(() => parseConfig({ DATABASE_URL: "postgresql://db/w" })).toThrow(
      /^Invalid environment variable APP_SECRET: required with an external DATABASE_URL/,
    );
    expect(() => parseConfig({ DATABASE_URL: "postgresql://db/w", APP_SECRET: "short" })).toThrow(/APP_SECRET/);
    expect(parseConfig({ APP_SECRET: undefined }).APP_SECRET).toBeUndefined();
  });

  it("stops a start with an external database and no EVIDENCE_SIGNING_KEY, naming it", () => {
    expect(() => parseConfig({ DATABASE_URL: "postgresql://db/w", APP_SECRET: secret })).toThrow(
      /^Invalid environment variable EVIDENCE_SIGNING_KEY: required with an external DATABASE_URL/,
    );
    expect(() => parseConfig({ EVIDENCE_SIGNING_KEY: "not a key" })).toThrow(/EVIDENCE_SIGNING_KEY: must be a PKCS#8 PEM/);
    expect(parseConfig({}).EVIDENCE_SIGNING_KEY).toBeUndefined();
  });

  it("treats an empty variable as unset", () => {
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "seventy"],
    ["PORT", "70000"],
    ["APP_URL", "ftp://example.test"],
    ["DATABASE_URL", "mysql://x/y"],
    ["RUN_WORKERS", "perhaps"],
    ["RATE_LIMIT_GENERAL", "0"],
  ])("stops with a message naming %s for a bad value", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it("keeps media on local disk by default", () => {
    const config = parseConfig({});
    expect(config.MEDIA_DRIVER).toBe("local");
    expect(config.S3_REGION).toBe("us-east-1");
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
  });

  const s3 = { MEDIA_DRIVER: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

  it("reads the S3 settings", () => {
    const config = parseConfig({
      ...s3,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      S3_REGION: "eu-west-1",
    });
    expect(config).toMatchObject({
      ...s3,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
      S3_REGION: "eu-west-1",
    });
  });

  it.each(["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])("stops naming %s when MEDIA_DRIVER=s3 lacks it", (name) => {
    const env = { ...s3, [name]: undefined };
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: required when MEDIA_DRIVER is s3`));
    expect(() => parseConfig({ ...s3, [name]: "" })).toThrow(ConfigError);
  });

  it.each([
    ["MEDIA_DRIVER", "ftp"],
    ["S3_ENDPOINT", "not a url"],
    ["S3_FORCE_PATH_STYLE", "sometimes"],
  ])("stops with a message naming %s for a bad media value", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it("defaults the tour provider to its public hosts and API", () => {
    expect(parseConfig({})).toMatchObject({
      TOUR_HOST: "my.matterport.com",
      TOUR_DISCOVER_HOST: "discover.matterport.com",
      TOUR_API_URL: "https://api.matterport.com/api/models/graph",
    });
  });

  it.each([
    ["TOUR_HOST", "Tours.Example/x"],
    ["TOUR_DISCOVER_HOST", "https://discover.example"],
    ["TOUR_API_URL", "http://api.example/graph"],
  ])("stops with a message naming %s for a bad tour value", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it.each([
    [{ TOUR_API_TOKEN_ID: "id" }, "TOUR_API_TOKEN_SECRET"],
    [{ TOUR_API_TOKEN_SECRET: "secret" }, "TOUR_API_TOKEN_ID"],
  ])("stops when only one tour credential is set (%o)", (env, missing) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${missing}: .*set together`));
  });
});
