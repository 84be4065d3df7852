/** Keys whose empty values are part of the contract (spec, Findings: `evidence`). */
const keepEmptyUnder: ReadonlySet<string> = new Set(["evidence"]);

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  return typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * The omit rule (spec, Conventions): an optional field that does not apply is left out,
 * never sent as null, "" or {}. Applied to every JSON body the API sends.
 */
export function omitEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(omitEmpty);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (keepEmptyUnder.has(key)) {
      out[key] = raw;
      continue;
    }
    const cleaned = omitEmpty(raw);
    if (!isEmptyValue(cleaned)) out[key] = cleaned;
  }
  return out;
}
