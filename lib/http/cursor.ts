import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "../secrets/derived-key";
import { ApiError } from "../errors/api-error";

/*
 * Opaque keyset cursors: the position and the filter it belongs to, signed so that an edited
 * or foreign cursor is refused rather than silently starting somewhere else.
 */

function sign(payload: string): string {
  return createHmac("sha256", derivedKey("cursor")).update(payload).digest("base64url").slice(0, 22);
}

export function encodeCursor(scope: string, position: string): string {
  const payload = Buffer.from(JSON.stringify({ s: scope, p: position })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

function refused(): ApiError {
  return new ApiError("invalid_request", {
    message: "cursor is not one this endpoint issued for these parameters; send next_cursor back verbatim.",
    detail: { parameter: "cursor" },
  });
}

/** The position inside a cursor issued for `scope`, or a 400 naming `cursor`. */
export function decodeCursor(scope: string, cursor: string): string {
  const [payload, signature, extra] = cursor.split(".");
  if (!payload || !signature || extra !== undefined) throw refused();
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
  const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { s?: unknown; p?: unknown };
  if (parsed.s !== scope || typeof parsed.p !== "string") throw refused();
  return parsed.p;
}
