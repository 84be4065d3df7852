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
  handler(payload: z.output<S>, context: { jobId: string }): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
