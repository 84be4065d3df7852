import { Readable } from "node:stream";
import { ApiError } from "../errors/api-error";
import { requestIdFor } from "../http/request-id";
import { errorResponse } from "../http/respond";
import { parseRange } from "./byte-range";
import { isValidMediaKey } from "./keys";
import { parseLinkQuery } from "./link-signature";
import type { LocalDiskDriver } from "./local-disk-driver";

/**
 * GET and HEAD /media/<key>?expires=&signature=[&type=]: the local driver's signed links. A bad or
 * expired signature, a query with anything the signer never writes (lib/media/link-signature.ts)
 * and an unknown key all answer the same 404, so a link reveals nothing about which objects exist.
 * The URL is never logged: within its lifetime it is a credential.
 */
export async function serveSignedMedia(
  request: Request,
  keySegments: string[],
  driver: LocalDiskDriver | null,
  now: number = Date.now(),
): Promise<Response> {
  const requestId = requestIdFor(request);
  const notFound = () => errorResponse(new ApiError("not_found"), requestId);
  if (!driver) return notFound();

  const key = keySegments.join("/");
  const query = parseLinkQuery(new URL(request.url).searchParams);
  if (!query || !isValidMediaKey(key) || !/^\d{1,12}$/.test(query.expires)) return notFound();
  const { signature, type: contentType } = query;
  const expires = Number(query.expires);
  const remaining = expires - Math.floor(now / 1000);
  // Verify before looking at expiry or the disk, so the work done is the same for every bad link.
  if (!driver.verifyLink({ key, expires, contentType }, signature) || remaining <= 0) return notFound();

  const info = await driver.head(key);
  if (!info) return notFound();
  const headers: Record<string, string> = {
    "content-type": contentType ?? info.contentType,
    "cache-control": `private, max-age=${remaining}`,
    "accept-ranges": "bytes",
    "x-content-type-options": "nosniff",
    "x-request-id": requestId,
  };
  const wanted = parseRange(request.headers.get("range"), info.size);
  if (wanted.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${info.size}` } });
  }
  const object = await driver.get(key, wanted.kind === "partial" ? { range: wanted.range } : {});
  if (!object) return notFound();
  let body: ReadableStream<Uint8Array> | null = null;
  if (request.method === "HEAD") object.body.destroy();
  else body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  if (!object.range) {
    return new Response(body, { status: 200, headers: { ...headers, "content-length": String(object.size) } });
  }
  const { start, end } = object.range;
  return new Response(body, {
    status: 206,
    headers: { ...headers, "content-length": String(end - start + 1), "content-range": `bytes ${start}-${end}/${object.size}` },
  });
}
