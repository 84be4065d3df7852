import "server-only";
/*
 * What the pipeline asks of an analysis provider (lib/analysis/README.md). One implementation
 * speaks the OpenAI-compatible chat-completions API (openai-compatible-provider.ts); without one
 * configured, verdicts and findings are left to staff review.
 */

export interface ItemVerdictRequest {
  itemName: string;
  notes?: string;
  /** Frames around the cleaner's tap, best first (JPEG). */
  frames: Buffer[];
  /** Baseline pictures of the same area when the home has any (JPEG or PNG). */
  references: Buffer[];
}

export interface ItemVerdict {
  state: "verified" | "missed";
  confidence: number;
  rationale: string;
}

export interface FindingsRequest {
  frames: { seconds: number; jpeg: Buffer }[];
}

export interface FrameFinding {
  /** Index into the request's frames. */
  frame: number;
  room: string;
  description: string;
  severity: "MINOR" | "MODERATE" | "MAJOR";
  category: "damage" | "cleaning" | "lost_item";
  confidence: number;
}

/** One HTTP call's cost and outcome, kept per inspection (analysis_call). */
export interface CallRecord {
  kind: "checklist_verdict" | "findings";
  outcome: "ok" | "malformed" | "failed" | "timeout";
  promptTokens?: number;
  completionTokens?: number;
  images: number;
  imageBytes: number;
  latencyMs: number;
}

/** An answer, or none when every attempt failed (never a guess); `calls` holds every attempt. */
export interface ProviderAnswer<T> {
  value?: T;
  calls: CallRecord[];
}

export interface AnalysisProvider {
  /** For logs and statistics: `<model> at <host>`. */
  readonly label: string;
  judgeItem(request: ItemVerdictRequest): Promise<ProviderAnswer<ItemVerdict>>;
  findIssues(request: FindingsRequest): Promise<ProviderAnswer<FrameFinding[]>>;
}
