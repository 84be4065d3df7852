// What each job carries, apart from the code that runs it: domain code enqueues against these
// schemas (lib/queue/enqueue.ts) without loading any handler, and the worker parses what it takes
// with the same ones. Only ids go into a job; the handler reads the rest when it runs.
import "server-only";
import { z } from "zod";

/** A tour import lists at most this many images (lib/tours/run-tour-import.ts `maxTourImages`). */
const maxSkippedTourImages = 200;

export const jobPayloads = {
  "apply-roster-import": z.object({ importId: z.uuid() }),
  "activate-roster": z.object({ workspaceId: z.uuid() }),
  "poll-roster-feed": z.object({ syncId: z.uuid() }),
  // Cron jobs: pg-boss sends them with an empty object.
  "schedule-roster-pulls": z.object({}).passthrough(),
  "prune-rate-limits": z.object({}).passthrough(),
  "prune-verification-tokens": z.object({}).passthrough(),
  /**
   * An ask for a sign-in link, mailed from a job so the form answers in the same time whoever
   * asks. No link in the payload (the job table is not a place for one): the job makes it.
   */
  "sign-in-mail": z.object({
    email: z.string().min(3).max(320),
    returnPath: z.string().startsWith("/").max(2048),
    expires: z.iso.datetime(),
  }),
  "prune-webhook-log": z.object({}).passthrough(),
  "poll-calendars": z.object({}).passthrough(),
  "poll-calendar-batch": z.object({}).passthrough(),
  /**
   * Photo and tour imports share one queue. `partnerId` is whose share of the queue the import
   * uses (lib/queue/queues.ts, fairness). A tour import that continues in a fresh job carries the
   * provider image ids it already found unusable, which are not recorded anywhere else, so the
   * continuation never spends its time on them again.
   */
  "import-baseline": z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("photos"), importId: z.uuid(), partnerId: z.uuid() }),
    z.object({
      kind: z.literal("tour"),
      importId: z.uuid(),
      partnerId: z.uuid(),
      skippedImageIds: z.array(z.string()).max(maxSkippedTourImages).optional(),
    }),
  ]),
  /**
   * A walkthrough the cleaner finished: join its parts into the video, stills at every tap. A seal
   * tried again after failures that were not the recording's own carries when they began and how
   * many there were (lib/recording/seal-retry.ts).
   */
  "seal-recording": z.object({
    inspectionId: z.uuid(),
    partnerId: z.uuid(),
    failingSince: z.iso.datetime().optional(),
    retries: z.int().min(0).optional(),
  }),
  /** A sealed walkthrough: checklist verdicts, then findings, then the report's release. */
  "analyze-inspection": z.object({
    inspectionId: z.uuid(),
    partnerId: z.uuid(),
    // Tried again while a dependency (the store, the database) was away: since when, how often.
    failingSince: z.iso.datetime().optional(),
    retries: z.int().min(0).optional(),
  }),
  /** An item left `not_checked`, asked about again (`attempt` indexes ANALYSIS_RECHECK_DELAYS_SECONDS). */
  "recheck-item": z.object({ inspectionId: z.uuid(), partnerId: z.uuid(), position: z.int().min(1), attempt: z.int().min(0) }),
  "expire-abandoned-recordings": z.object({}).passthrough(),
  /** A check's still, judged while the cleaner is still walking. */
  "judge-tap": z.object({ inspectionId: z.uuid(), partnerId: z.uuid(), seq: z.int().min(1) }),
  /** A sandbox walkthrough's phone side: the shipped recording uploaded, taps, Done (lib/sandbox). */
  "sandbox-walkthrough": z.object({ inspectionId: z.uuid(), partnerId: z.uuid() }),
  /** A released report, mailed to the people whose delivery choices it meets. */
  "mail-report": z.object({ inspectionId: z.uuid() }),
  /** An evidence record's SHA-256 to have stamped by the RFC 3161 authority (EVIDENCE_TSA_URL). */
  "timestamp-evidence": z.object({ inspectionId: z.uuid(), kind: z.enum(["recording", "report"]) }),
  "analyze-demo": z.object({ submissionId: z.uuid() }),
  "mail-demo-result": z.object({ submissionId: z.uuid() }),
  "prune-demo": z.object({}).passthrough(),
  "delete-expired-media": z.object({}).passthrough(),
  /** A finding staff add from a paused frame in the admin console: the frame and its baseline match need the worker's tools. */
  "add-staff-finding": z.object({
    inspectionId: z.uuid(),
    findingId: z.uuid(),
    room: z.string().min(1).max(80),
    description: z.string().min(1).max(300),
    severity: z.enum(["MINOR", "MODERATE", "MAJOR"]),
    category: z.enum(["damage", "cleaning", "lost_item"]),
    atSeconds: z.number().min(0).optional(),
  }),
} as const satisfies Record<string, z.ZodType>;

export type QueueName = keyof typeof jobPayloads;

/** A job's payload as the handler receives it (parsed). */
export type JobPayload<N extends QueueName> = z.output<(typeof jobPayloads)[N]>;

/** A job's payload as a caller hands it to `enqueue`. */
export type JobInput<N extends QueueName> = z.input<(typeof jobPayloads)[N]>;
