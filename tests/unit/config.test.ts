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

  it("creates a demo partner by default only with the embedded database", () => {
    expect(parseConfig({}).CREATE_DEMO_PARTNER).toBe(true);
    expect(parseConfig({ DATABASE_URL: "postgresql://db/walkthrough" }).CREATE_DEMO_PARTNER).toBe(false);
    expect(parseConfig({ DATABASE_URL: "postgresql://db/w", CREATE_DEMO_PARTNER: "true" }).CREATE_DEMO_PARTNER).toBe(true);
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
});
