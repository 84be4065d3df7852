import "server-only";
import { issueToApiError } from "../http/validation";
import { FeedError } from "./feed-errors";
import { type FeedPage, feedPage } from "./feed-page";

const utf8 = new TextDecoder("utf-8", { fatal: true });

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value).length === 0;
}

function decode(bytes: Uint8Array, page: number): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new FeedError("feed_invalid_json", { page, message: "The body is not valid UTF-8." });
  }
}

function parseJson(text: string, page: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the body ("Unexpected token '<', \"<html>...\""): whatever the
    // URL answered, which may not be the partner's feed at all. Staff see it; the partner does not.
    const parser = error instanceof Error ? error.message : "not JSON";
    throw new FeedError("feed_invalid_json", { page, message: "The page is not valid JSON." }, { page, message: parser });
  }
}

/** The property_id of the item an issue is about, when it has a usable one: names the item to the partner. */
function propertyIdAt(value: unknown, index: number | undefined): string | undefined {
  if (index === undefined) return undefined;
  const properties = (value as { properties?: unknown }).properties;
  const item: unknown = Array.isArray(properties) ? properties[index] : undefined;
  const id = (item as { property_id?: unknown } | undefined)?.property_id;
  return typeof id === "string" && id.length <= 200 ? id : undefined;
}

/**
 * One page's bytes as a validated page, or the FeedError that ends the pull. The checks and
 * the parameter names are the push's own (lib/http/validation.ts), so a partner reads the
 * same `properties[3].address` whether they push or host.
 */
export function readPage(bytes: Uint8Array, page: number): FeedPage {
  const text = decode(bytes, page);
  if (text.trim() === "") throw new FeedError("feed_empty_response", { page });
  const value = parseJson(text, page);
  if (isEmptyValue(value)) throw new FeedError("feed_empty_response", { page });
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new FeedError("feed_invalid_page", { page, parameter: "body", message: "A page must be a JSON object." });
  }
  const parsed = feedPage.safeParse(value);
  if (parsed.success) return parsed.data;
  const refusal = issueToApiError(parsed.error.issues[0]!, value);
  const index = refusal.detail?.index as number | undefined;
  throw new FeedError("feed_invalid_page", {
    page,
    parameter: refusal.detail?.parameter,
    index,
    property_id: propertyIdAt(value, index),
    problem: refusal.code,
    message: refusal.message,
  });
}
