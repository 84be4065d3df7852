import type { z } from "zod";
import { ApiError } from "../errors/api-error";

type Path = readonly PropertyKey[];

/** `properties[3].address.city`: the form `detail.parameter` uses for a nested field. */
export function formatPath(path: Path): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function valueAt(input: unknown, path: Path): unknown {
  let current = input;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

function firstIndex(path: Path): number | undefined {
  return path.find((part): part is number => typeof part === "number");
}

/** What a refinement may attach to its issue: a fixed code, and extra `detail` keys. */
export interface CustomIssueParams {
  code?: "missing_parameter" | "invalid_request";
  detail?: Record<string, unknown>;
}

/** Fields a caller may never set; refused as "not the caller's to set" rather than unknown. */
const reservedFields: ReadonlySet<string> = new Set(["partner", "partner_id", "company_id"]);

/** Turns the first zod issue into the spec's refusal, naming the field (spec, Errors). */
export function issueToApiError(issue: z.core.$ZodIssue, input: unknown, prefix: Path = []): ApiError {
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    const path = [...prefix, ...issue.path, key];
    const index = firstIndex(path);
    const message = reservedFields.has(key) ? `${key} is not the caller's to set.` : `Unknown field ${formatPath(path)}.`;
    return new ApiError("invalid_request", { message, detail: { parameter: formatPath(path), index } });
  }
  const path = [...prefix, ...issue.path];
  const parameter = formatPath(path);
  const index = firstIndex(path);
  const value = valueAt(input, issue.path);
  const custom = issue.code === "custom" ? ((issue.params ?? {}) as CustomIssueParams) : {};
  const absent = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  if (custom.code === "missing_parameter" || (absent && custom.code === undefined)) {
    return new ApiError("missing_parameter", {
      message: `${parameter} is required.`,
      detail: { parameter, index },
    });
  }
  return new ApiError("invalid_request", {
    message: `${parameter}: ${issue.message}`,
    detail: { parameter, index, ...custom.detail },
  });
}

/** Parses with a zod schema, or throws the spec's refusal for the first problem found. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix: Path = []): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw issueToApiError(result.error.issues[0]!, input, prefix);
}
