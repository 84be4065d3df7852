import type { z } from "zod";

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** Cron (UTC) for jobs that run on a schedule; pg-boss keeps one schedule across all processes. */
  schedule?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How many of this job one process runs at once. */
  concurrency?: number;
  /**
   * How long one attempt may run before pg-boss takes it back and retries it. This is also
   * how work held by a killed process resumes, so keep it short for quick jobs.
   */
  timeoutSeconds?: number;
  handler(payload: z.output<S>, context: { jobId: string }): Promise<void>;
  /**
   * Called once the last attempt has failed, by throwing or by outliving its timeout (a killed
   * worker), so the work can end in a final state. Runs from a queue of its own and may run
   * twice, so it must be idempotent; `error` is what pg-boss recorded for the last attempt.
   */
  onGiveUp?(payload: z.output<S>, error: unknown): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
