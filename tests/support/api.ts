import { expect } from "vitest";
import { appUnderTest } from "./app-under-test";

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Every path to an empty value in a JSON body: the omit rule forbids them (except under `evidence`). */
export function omitRuleViolations(value: unknown, at = "$"): string[] {
  if (value === null || value === "") return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => omitRuleViolations(item, `${at}[${i}]`));
  if (typeof value !== "object") return [];
  const entries = Object.entries(value);
  if (entries.length === 0) return [at];
  return entries.flatMap(([key, item]) => (key === "evidence" ? [] : omitRuleViolations(item, `${at}.${key}`)));
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  query?: Record<string, string | undefined>;
}

/** One request to the app under test over real HTTP; JSON bodies are checked against the omit rule. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const url = new URL(path, appUnderTest().baseUrl);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(url, { method, headers, body, duplex: "half" } as RequestInit);
  const text = await response.text();
  let parsed: unknown = undefined;
  if (response.headers.get("content-type")?.includes("application/json")) {
    parsed = JSON.parse(text);
    expect(omitRuleViolations(parsed), `omit rule in ${method} ${path}`).toEqual([]);
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** Asserts an error envelope with the given status and code, and returns its `error` object. */
export function expectError(
  answer: ApiAnswer,
  status: number,
  code: string,
): { code: string; message: string; detail?: Record<string, unknown>; next_steps?: Record<string, unknown> } {
  expect({ status: answer.status, code: (answer.body.error as { code?: string } | undefined)?.code }).toEqual({
    status,
    code,
  });
  const error = answer.body.error as { code: string; message: string; detail?: Record<string, unknown> };
  expect(typeof error.message).toBe("string");
  expect(Object.keys(answer.body)).toEqual(["error"]);
  return error;
}

/** A caller id percent-encoded as one path segment. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}
