import "server-only";
import { db } from "../db/client";

export interface AgreementRow {
  /** The provider's verdict. */
  providerState: string;
  /** Staff decisions on items the provider judged so. */
  decided: number;
  agreed: number;
}

export interface FindingAgreementRow {
  category: string;
  /** Provider findings staff reviewed. */
  reviewed: number;
  accepted: number;
}

export interface UsageSummary {
  calls: number;
  failed: number;
  images: number;
  imageBytes: number;
  promptTokens: number;
  completionTokens: number;
  latencyMsP50?: number;
}

/**
 * How often staff agreed with the provider, per verdict and per finding category: the production
 * measure of the model's precision. And what the provider cost.
 */
export async function analysisStats(): Promise<{ items: AgreementRow[]; findings: FindingAgreementRow[]; usage: UsageSummary }> {
  const items = await db().$queryRaw<{ provider_state: string; decided: number; agreed: number }[]>`
    SELECT provider_state::text, count(*)::int AS decided, count(*) FILTER (WHERE staff_state = provider_state)::int AS agreed
    FROM inspection_item WHERE provider_state IS NOT NULL AND staff_state IS NOT NULL
    GROUP BY provider_state ORDER BY provider_state`;
  const findings = await db().$queryRaw<{ category: string; reviewed: number; accepted: number }[]>`
    SELECT category::text, count(*)::int AS reviewed, count(*) FILTER (WHERE NOT rejected)::int AS accepted
    FROM finding
    WHERE source = 'provider' AND reviewed_at IS NOT NULL
    GROUP BY category ORDER BY category`;
  const [usage] = await db().$queryRaw<
    {
      calls: number;
      failed: number;
      images: number;
      bytes: bigint | null;
      prompt: bigint | null;
      completion: bigint | null;
      p50: number | null;
    }[]
  >`
    SELECT count(*)::int AS calls, count(*) FILTER (WHERE outcome <> 'ok')::int AS failed, COALESCE(sum(images), 0)::int AS images,
           sum(image_bytes) AS bytes, sum(prompt_tokens) AS prompt, sum(completion_tokens) AS completion,
           percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50
    FROM analysis_call`;
  return {
    items: items.map((row) => ({ providerState: row.provider_state, decided: row.decided, agreed: row.agreed })),
    findings: findings.map((row) => ({ category: row.category, reviewed: row.reviewed, accepted: row.accepted })),
    usage: {
      calls: usage?.calls ?? 0,
      failed: usage?.failed ?? 0,
      images: usage?.images ?? 0,
      imageBytes: Number(usage?.bytes ?? 0),
      promptTokens: Number(usage?.prompt ?? 0),
      completionTokens: Number(usage?.completion ?? 0),
      latencyMsP50: usage?.p50 ?? undefined,
    },
  };
}
