import pino from "pino";
import { config } from "./config";

const holder = globalThis as typeof globalThis & { __walkthroughLog?: pino.Logger };

/** Structured JSON logs. Keys, secrets and signed URLs are never passed in; redaction is a backstop. */
export function log(): pino.Logger {
  holder.__walkthroughLog ??= pino({
    level: config().LOG_LEVEL,
    base: { service: "walkthrough" },
    redact: {
      paths: ["authorization", "*.authorization", "api_key", "*.api_key", "secret", "*.secret"],
      censor: "[redacted]",
    },
  });
  return holder.__walkthroughLog;
}
