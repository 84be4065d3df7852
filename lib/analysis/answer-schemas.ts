import "server-only";
import { z } from "zod";

/*
 * The answers asked of the provider, as zod schemas: each is both the JSON schema sent with the
 * request (structured output, `strict: true`) and the check of what comes back, so the two can
 * never disagree. A reply that fails the check is a failed attempt, never half-used.
 */

export const verdictAnswer = z
  .object({
    state: z.enum(["verified", "missed"]),
    confidence: z.number().min(0).max(1),
    rationale: z.string().max(600),
  })
  .strict();

export const findingsAnswer = z
  .object({
    findings: z
      .array(
        z
          .object({
            frame: z.int().min(0),
            room: z.string().min(1).max(80),
            description: z.string().min(1).max(300),
            severity: z.enum(["MINOR", "MODERATE", "MAJOR"]),
            category: z.enum(["damage", "cleaning", "lost_item"]),
            confidence: z.number().min(0).max(1),
          })
          .strict(),
      )
      .max(50),
  })
  .strict();

/** The JSON schema of an answer, as strict structured output wants it (no `$schema` key). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-7" });
  return rest;
}
