import { ApiError } from "./errors";

function tooLarge(limitBytes: number): ApiError {
  return new ApiError("payload_too_large", {
    message: `The request body is larger than this endpoint's limit of ${limitBytes} bytes.`,
    detail: { limit_bytes: limitBytes },
  });
}

/**
 * Reads the body as text, refusing it before reading when the declared length is over the
 * cap and, for a body without Content-Length, as soon as the bytes counted pass it.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw tooLarge(limitBytes);
  if (!request.body) return "";

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON object body; an empty body reads as `{}` so required fields are named. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", { message: "The body is not valid JSON.", detail: { parameter: "body" } });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ApiError("invalid_request", { message: "The body must be a JSON object.", detail: { parameter: "body" } });
  }
  return parsed as Record<string, unknown>;
}
