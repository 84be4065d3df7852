import "server-only";
import { pool } from "../db/client";
import type { SandboxOutcome } from "../generated/prisma/enums";

export const sandboxOutcomes = ["clean", "findings", "missed"] as const satisfies readonly SandboxOutcome[];
export const defaultSandboxOutcome: SandboxOutcome = "findings";

/**
 * The sandbox analysis an inspection gets, or undefined for a live workspace's (the configured
 * provider's). A walkthrough recorded by hand in a sandbox workspace (a phone on a sandbox key's
 * link) gets the default: a sandbox workspace never spends a real provider's calls.
 */
export async function sandboxOutcomeOf(inspectionId: string): Promise<SandboxOutcome | undefined> {
  const { rows } = await pool().query<{ sandbox: boolean; sandbox_outcome: SandboxOutcome | null }>(
    `SELECT w.sandbox, t.sandbox_outcome
     FROM inspection i JOIN workspace w ON w.id = i.workspace_id JOIN task t ON t.id = i.task_id
     WHERE i.id = $1`,
    [inspectionId],
  );
  const row = rows[0];
  if (!row?.sandbox) return undefined;
  return row.sandbox_outcome ?? defaultSandboxOutcome;
}

/** Whether the inspection belongs to a sandbox workspace (no mail, no review, no usage). */
export async function isSandboxInspection(inspectionId: string): Promise<boolean> {
  return (await sandboxOutcomeOf(inspectionId)) !== undefined;
}
