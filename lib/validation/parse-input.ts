import { z } from "zod";
import { ApiError } from "../errors/api-error";
import type { ErrorCode } from "../errors/error-codes";

/*
 * How the consoles' and people pages' inputs refuse: the first problem, as `{ code, message }`
 * for the page to show. A field's schema words the message (its `error`); a field whose refusal
 * has its own code (`invalid_email`, `invalid_role`...) says so with `refusedAs`.
 */

const refusalCodes = z.registry<{ code: ErrorCode }>();

/** Marks a field's schema: its refusals answer `code` instead of `invalid_request`. */
export function refusedAs<S extends z.ZodType>(code: ErrorCode, schema: S): S {
  refusalCodes.add(schema, { code });
  return schema;
}

function fieldAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  const key = path[0];
  if (key === undefined) return schema;
  if (!(schema instanceof z.ZodObject)) return undefined;
  const field = (schema.shape as Record<string, z.ZodType>)[String(key)];
  return field && (refusalCodes.has(field) ? field : fieldAt(field, path.slice(1)));
}

/**
 * Parses with a zod schema, or throws the first problem as the page's refusal. Operations call it
 * where a body is checked after a lookup (an unknown id answers 404 whatever the body says), and
 * for the CLI's input, which the same schema checks.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = fieldAt(schema, issue.path);
  const code = (field && refusalCodes.get(field)?.code) ?? "invalid_request";
  throw new ApiError(code, { message: issue.message });
}
