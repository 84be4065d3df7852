import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { dropProcessSingleton, processSingleton } from "./process-state";

const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
const flag = z.stringbool();
const hostName = z
  .string()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "must be a lowercase host name");

const schema = z
  .object({
    PORT: port.default(3000),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    EMBEDDED_POSTGRES_PORT: port.default(54329),
    DB_POOL_SIZE: positiveInt.default(10),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    RUN_WORKERS: flag.default(true),
    JOB_MAINTENANCE_INTERVAL_SECONDS: positiveInt.default(30),
    APP_SECRET: z.string().min(32).optional(),
    // The Ed25519 key (PKCS#8 PEM) that signs evidence records (lib/evidence); with the embedded
    // database one is made on first use and kept in DATA_DIR.
    EVIDENCE_SIGNING_KEY: z
      .string()
      .regex(/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/, "must be a PKCS#8 PEM private key")
      .optional(),
    // An RFC 3161 timestamp authority: each evidence record's SHA-256 is stamped by it (a job, retried).
    EVIDENCE_TSA_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Defaults to on only with the embedded database: a production start must not print a key.
    CREATE_DEMO_PARTNER: flag.optional(),
    // Reverse proxies in front of the app whose X-Forwarded-For entry is trusted (lib/server/front-door.ts).
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    RATE_LIMIT_GENERAL: positiveInt.default(1200),
    RATE_LIMIT_UNAUTHENTICATED: positiveInt.default(60),
    // Calls of one recording link's app (parts, taps, polls): a phone sends a part every few seconds.
    RATE_LIMIT_RECORDER: positiveInt.default(600),
    RATE_LIMIT_WORKSPACE_CREATE: positiveInt.default(60),
    RATE_LIMIT_ROSTER_IMPORT: positiveInt.default(30),
    RATE_LIMIT_CLAIM: positiveInt.default(10),
    RATE_LIMIT_ROSTER_SYNC: positiveInt.default(6),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    // Sign-in links asked for: per client address per window, and per email address per hour.
    RATE_LIMIT_SIGN_IN_ADDRESS: positiveInt.default(20),
    RATE_LIMIT_SIGN_IN_EMAIL: positiveInt.default(5),
    MEDIA_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
    // The virtual-tour provider (spec: {tour_host}, {tour_discover_host}); defaults are its public hosts.
    TOUR_HOST: hostName.default("my.matterport.com"),
    TOUR_DISCOVER_HOST: hostName.default("discover.matterport.com"),
    TOUR_API_URL: z.url({ protocol: /^https$/ }).default("https://api.matterport.com/api/models/graph"),
    TOUR_API_TOKEN_ID: z.string().min(1).optional(),
    TOUR_API_TOKEN_SECRET: z.string().min(1).optional(),
    // Absolute paths of the ffmpeg and ffprobe to seal videos with; unset: the system's, else npm's.
    FFMPEG_PATH: z.string().startsWith("/", "must be an absolute path").optional(),
    FFPROBE_PATH: z.string().startsWith("/", "must be an absolute path").optional(),
    // An OpenAI-compatible chat-completions endpoint with image input (lib/analysis). Unset: staff review.
    ANALYSIS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    ANALYSIS_API_KEY: z.string().min(1).optional(),
    ANALYSIS_MODEL: z.string().min(1).optional(),
    ANALYSIS_REVIEW: z.enum(["when_unsure", "always", "never"]).default("when_unsure"),
    // Below this confidence a provider's verdict or finding waits for staff (ANALYSIS_REVIEW=when_unsure).
    ANALYSIS_CONFIDENCE_MIN: z.coerce.number().min(0).max(1).default(0.75),
    ANALYSIS_CONCURRENCY: positiveInt.max(64).default(4),
    ANALYSIS_TIMEOUT_SECONDS: positiveInt.max(600).default(60),
    // When an item with no usable answer is asked about again, in seconds after the first try (within 24 hours).
    ANALYSIS_RECHECK_DELAYS_SECONDS: z
      .string()
      .regex(/^\d+(,\d+)*$/, "must be whole seconds separated by commas")
      .transform((text) => text.split(",").map(Number))
      .refine((delays) => delays.every((delay) => delay <= 24 * 3600), "each delay must be within 24 hours")
      .default([600, 3600, 21_600, 79_200]),
    // Receivers on plain http or loopback/private addresses; unset: allowed only when APP_URL is a loopback origin.
    WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: flag.optional(),
    // For tests only: the waits before attempts 2 to 6 (the spec's 1 m, 5 m, 30 m, 2 h, 12 h).
    WEBHOOK_RETRY_DELAYS_SECONDS: z
      .string()
      .regex(/^\d+(,\d+){4}$/, "must be five whole seconds separated by commas")
      .transform((text) => text.split(",").map(Number))
      .default([60, 300, 1800, 7200, 43_200]),
    // For tests only: a seal failing for a reason not the recording's own is tried again after the
    // first delay, doubling up to the second (lib/recording/seal-retry.ts).
    SEAL_RETRY_DELAYS_SECONDS: z
      .string()
      .regex(/^\d+,\d+$/, "must be two whole seconds separated by a comma (first, longest)")
      .transform((text) => text.split(",").map(Number) as [number, number])
      .refine(([first, longest]) => first >= 1 && longest >= first, "the first delay must be at least 1 and at most the longest")
      .default([30, 900]),
    // For tests only: how long such a seal keeps being retried, from its first failure, before it ends seal_failed.
    SEAL_RETRY_WINDOW_SECONDS: positiveInt.default(86_400),
    // For tests only: the most bytes one walkthrough's parts may add up to (4 GiB).
    RECORDING_MAX_BYTES: positiveInt.default(4 * 1024 * 1024 * 1024),
    // How long a sealed walkthrough should wait for staff review: the queue colours waiting time against it.
    REVIEW_TARGET_MINUTES: positiveInt.max(24 * 60).default(30),
    // A walkthrough opened and never finished ends failed (abandoned) this many days after its last part or tap.
    RECORDING_ABANDON_DAYS: positiveInt.max(365).default(14),
    // A sealed walkthrough's video, parts and stills are deleted this many days after the seal
    // (staff may set another number per partner); findings' text, signed records and the report stay.
    RECORDING_RETENTION_DAYS: positiveInt.max(36_500).default(400),
    // For tests only: how long recording_completed waits after the seal for every result (the spec's 2 minutes).
    WEBHOOK_RECORDING_HOLD_SECONDS: positiveInt.max(600).default(120),
    USAGE_FLUSH_SECONDS: positiveInt.max(300).default(10),
    // Attempts in flight per worker process, and per receiver across every worker.
    WEBHOOK_CONCURRENCY: positiveInt.max(4096).default(256),
    WEBHOOK_RECEIVER_CONCURRENCY: positiveInt.max(256).default(32),
    // Mail (sign-in links, invitations, reports): through this SMTP server, e.g.
    // smtps://user:pass@smtp.example.com:465; unset: written to DATA_DIR/outbox/ (`npm run admin -- mail list`).
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default("Walkthrough <no-reply@walkthrough.localhost>"),
    // How long a sign-in lasts without a visit (a visit after a day extends it), in days.
    SESSION_MAX_AGE_DAYS: positiveInt.max(365).default(30),
    // Where people book a call: enabling a connector, or Partner API access asked from the demo tier.
    BOOK_A_CALL_URL: z.url({ protocol: /^https?$/ }).default("https://cal.com/walkthrough/partners"),
    // How often each home's reservation calendar is fetched (the iCal connector).
    ICAL_POLL_MINUTES: positiveInt.max(1440).default(15),
    // The anonymous demo tier (lib/demo): submissions per client address per rate-limit window,
    // submissions per email address per 24 hours, how long submissions and their media are kept,
    // and the provider confidence below which a finding is left out (precision over completeness).
    RATE_LIMIT_DEMO: positiveInt.default(10),
    DEMO_SUBMISSIONS_PER_EMAIL_PER_DAY: positiveInt.default(5),
    DEMO_RETENTION_DAYS: positiveInt.max(90).default(7),
    DEMO_CONFIDENCE_MIN: z.coerce.number().min(0).max(1).default(0.85),
    // Every demo video stored or streaming, across the service (GiB; fractions allowed), and demo
    // uploads streaming at once per process: past either the demo answers 507 or 429, never a full disk.
    DEMO_STORAGE_MAX_GIB: z.coerce.number().positive().default(20),
    DEMO_UPLOADS_AT_ONCE: positiveInt.max(1000).default(4),
  })
  .superRefine((env, ctx) => {
    // Each host would otherwise make its own, and links, cursors and stored secrets made on one
    // would not verify or decrypt on another. The embedded database is one machine's, so there
    // a generated one (kept in DATA_DIR) is shared by every process that uses it.
    if (env.DATABASE_URL !== undefined && env.APP_SECRET === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_SECRET"],
        message: "required with an external DATABASE_URL (at least 32 characters, the same on every process of the deployment)",
      });
    }
    // Records signed by a key only one host knows would verify against a JWKS the others never saw.
    if (env.DATABASE_URL !== undefined && env.EVIDENCE_SIGNING_KEY === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["EVIDENCE_SIGNING_KEY"],
        message:
          "required with an external DATABASE_URL (an Ed25519 private key, PKCS#8 PEM: openssl genpkey -algorithm ed25519)",
      });
    }
    // One without the other would only fail at the first tour import.
    if ((env.TOUR_API_TOKEN_ID === undefined) !== (env.TOUR_API_TOKEN_SECRET === undefined)) {
      const missing = env.TOUR_API_TOKEN_ID === undefined ? "TOUR_API_TOKEN_ID" : "TOUR_API_TOKEN_SECRET";
      ctx.addIssue({ code: "custom", path: [missing], message: "TOUR_API_TOKEN_ID and TOUR_API_TOKEN_SECRET are set together" });
    }
    if (env.ANALYSIS_API_URL !== undefined && env.ANALYSIS_MODEL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["ANALYSIS_MODEL"],
        message: "required with ANALYSIS_API_URL (the model to ask, e.g. gpt-4o-mini or llava)",
      });
    }
    // With S3 media, a start without the bucket or credentials would only fail at the first upload.
    if (env.MEDIA_DRIVER !== "s3") return;
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (env[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: "required when MEDIA_DRIVER is s3" });
    }
  });

export type Config = z.infer<typeof schema> & {
  APP_URL: string;
  DATA_DIR: string;
  CREATE_DEMO_PARTNER: boolean;
  WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: boolean;
};

/**
 * An origin only this machine can reach (localhost, *.localhost, 127.0.0.0/8, [::1]): a development
 * setup, where receivers on this machine or the local network are what one tests with. Which
 * database is used says nothing about that: an embedded one can serve the public too.
 */
export function isLoopbackOrigin(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (/^(localhost|.+\.localhost)\.?$/i.test(host)) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const parsed = result.data;
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return {
    ...parsed,
    APP_URL: appUrl,
    DATA_DIR: path.resolve(parsed.DATA_DIR),
    CREATE_DEMO_PARTNER: parsed.CREATE_DEMO_PARTNER ?? parsed.DATABASE_URL === undefined,
    WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: parsed.WEBHOOKS_ALLOW_PRIVATE_RECEIVERS ?? isLoopbackOrigin(appUrl),
  };
}

/** The configuration this process started with, parsed on first use. */
export function config(): Config {
  return processSingleton("config", () => parseConfig());
}

/** Parses the environment again on the next `config()` call (tests that change it). */
export function reloadConfig(): void {
  dropProcessSingleton("config");
}
