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

/**
 * An optional string of at most `max` characters that, when sent, must say something: blank is
 * refused as `invalid_request` (the field is optional, so "missing" would be the wrong word),
 * never accepted and then dropped by the omit rule.
 */
export function optionalText(max: number) {
  return z
    .string()
    .refine((value) => value.trim() !== "", {
      params: { code: "invalid_request" },
      message: "must not be blank: leave the field out instead",
    })
    .refine((value) => characterCount(value) <= max, { message: `must be at most ${max} characters` });
}

/**
 * An optional query parameter parsed by `inner`: left out it is absent; sent empty (`?limit=`) it
 * is refused as `invalid_request` naming it, not reported as a missing required parameter.
 */
export function optionalParameter<T extends z.ZodType<unknown, string>>(inner: T) {
  // The reference documents what `inner` accepts, not the string the query arrives as.
  const { $schema: _dialect, ...documented } = z.toJSONSchema(inner, { io: "input", unrepresentable: "any" });
  return z
    .string()
    .refine((value) => value !== "", {
      params: { code: "invalid_request" },
      message: "must not be empty: leave the parameter out instead",
    })
    .pipe(inner)
    .optional()
    .meta({ override: documented });
}
