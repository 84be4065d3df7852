import { z } from "zod";

/** Characters as people count them: Unicode code points, not UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** A required string of at most `max` characters; blank counts as missing. */
export function requiredText(max: number) {
  return z
    .string()
    .refine((value) => value.trim() !== "", { params: { code: "missing_parameter" }, message: "is required" })
    .refine((value) => characterCount(value) <= max, { message: `must be at most ${max} characters` });
}

/** An optional string of at most `max` characters. */
export function optionalText(max: number) {
  return z.string().refine((value) => characterCount(value) <= max, { message: `must be at most ${max} characters` });
}
