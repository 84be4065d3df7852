import type { IncomingMessage, ServerResponse } from "node:http";
import { localMediaDriver } from "../media/media-storage";
import { serveSignedMedia } from "../media/serve-signed-media";
import { answerWithWebHandler } from "./web-bridge";

/*
 * Production serves the local driver's signed links here instead of through
 * app/media/[...key]/route.ts: Next drops a route handler's Content-Length (and would gzip the
 * body), answering chunked (next/dist/server/send-response.js), while video players need the
 * length of a 200 and of every 206. The handler is the same `serveSignedMedia`, so both routers
 * answer alike and `npm run dev` keeps the Next route.
 */

const mediaPath = "/media/";

/**
 * The key segments of a raw GET/HEAD URL this dispatcher answers as sent, else undefined (Next
 * answers it, as it always has). Only the paths links are made of: a key never needs a `%`
 * (lib/media/keys.ts), and a path Next would first redirect or rewrite (trailing or doubled
 * slash, backslash, dot segments, anything the URL parser changes) stays Next's.
 */
export function mediaKeySegments(method: string | undefined, rawUrl: string | undefined): string[] | undefined {
  if ((method !== "GET" && method !== "HEAD") || !rawUrl) return undefined;
  const queryAt = rawUrl.indexOf("?");
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!rawPath.startsWith(mediaPath) || rawPath.length === mediaPath.length) return undefined;
  if (rawPath.endsWith("/") || rawPath.includes("//") || rawPath.includes("\\") || rawPath.includes("%")) return undefined;
  if (new URL(rawUrl, "http://localhost").pathname !== rawPath) return undefined;
  return rawPath.slice(mediaPath.length).split("/");
}

/**
 * A `node:http` request listener step like lib/server/api-dispatch.ts: answers `/media/<key>`
 * and returns true, else returns false and leaves the request to Next. `origin` (APP_URL) makes
 * the absolute request URL, never the caller's Host header.
 */
export function createMediaDispatch(origin: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const base = new URL(origin).origin;
  return (req, res) => {
    const keySegments = mediaKeySegments(req.method, req.url);
    if (!keySegments) return false;
    void answerWithWebHandler(req, res, base, (request) => serveSignedMedia(request, keySegments, localMediaDriver()), {
      message: "unhandled error serving media",
      // No path or query: within its lifetime a signed link is a credential.
      logFields: {},
    });
    return true;
  };
}
