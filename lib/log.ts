import pino from "pino";
import { config } from "./config";
import { processSingleton } from "./process-state";

/** Structured JSON logs. Keys, secrets and signed URLs are never passed in; redaction is a backstop. */
export function log(): pino.Logger {
  return processSingleton("log", () =>
    pino({
      level: config().LOG_LEVEL,
      base: { service: "walkthrough" },
      redact: {
        paths: ["authorization", "*.authorization", "api_key", "*.api_key", "secret", "*.secret"],
        censor: "[redacted]",
      },
    }),
  );
}
