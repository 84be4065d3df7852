import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { tooLarge } from "../http/body";
import { bodyCapFor } from "../http/body-caps";
import { clientAddressHeader } from "../http/client-address";
import { pageLocaleFor, pageLocaleHeader } from "../i18n/request-locale";
import { securityHeaders } from "../http/security-headers";

/*
 * What every request meets first, whichever router then answers it. In production /v1 and
 * /media are answered by lib/server/api-dispatch.ts and media-dispatch.ts and never reach Next,
 * so Next's middleware (`proxy.ts` in Next 16) does not see them: a rule that must hold for
 * every request belongs here, not there. scripts/start.ts calls `frontDoor` before any router,
 * in production and in `npm run dev` alike.
 */

export interface FrontDoorOptions {
  appUrl: string;
  /** Reverse proxies in front whose X-Forwarded-For entry is trusted (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
}

/**
 * The address a request came from: the socket's, or with `hops` trusted proxies in front, the
 * entry of X-Forwarded-For that the outermost trusted proxy added (entries further left were
 * written by the client and prove nothing).
 */
export function requestAddress(req: IncomingMessage, hops: number): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (hops === 0) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const entries = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries[entries.length - hops] ?? entries[0] ?? socketAddress;
}

/** The path as routers resolve it (dot segments, percent-encoded ones too); `//host/...` stays a path. */
function pathnameOf(url: string): string {
  try {
    return new URL(`http://front-door${url.startsWith("/") ? url : `/${url}`}`).pathname;
  } catch {
    return url;
  }
}

// Larger caps belong to routes that read their body as it comes (photo uploads), so backpressure stays.
const eagerReadCeilingBytes = 1024 * 1024;

/*
 * A connection the server closes after its answer (`Connection: close`: an early 413 here, a
 * refused upload in a route) is closed the way RFC 9112 section 9.6 asks and nginx's lingering
 * close does it: the writing side is shut, then what the client still sends is read and thrown
 * away until the client closes, or for a few seconds at most. Node closes such a socket as soon
 * as the answer is written (destroySoon); with the client's bytes still arriving, the kernel then
 * answers with a reset, and a reset drops the answer from the client's receive buffer before the
 * client, busy writing its body, has read it: the client saw no answer, or EPIPE.
 */
const lingerMs = 5000;

function closeLingering(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("end", () => socket.destroy());
    socket.once("close", () => clearTimeout(timer));
  };
}

/** Answers 413; the rest of the body is read and thrown away, never handed to a router. */
function refuseBody(res: ServerResponse, limitBytes: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const error = tooLarge(limitBytes, false);
  const body = JSON.stringify(error.toEnvelope());
  res.writeHead(error.status, {
    ...error.headers,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
    "x-request-id": randomUUID(),
  });
  res.end(body);
}

/**
 * Counts a body's bytes as Node's parser hands them to the request (a chunked body declares no
 * length), and refuses the request the moment the count passes `limitBytes`. Nothing past the cap
 * reaches the router, not even the body's end: the router waits until the connection closes and
 * then gives up, so it never takes a cut body for a whole one.
 */
function countBody(req: IncomingMessage, res: ServerResponse, limitBytes: number): void {
  let received = 0;
  let refused = false;
  const eagerBytes = Math.min(limitBytes, eagerReadCeilingBytes);
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    // Refused: thrown away, and `true` keeps Node reading the socket (see closeLingering).
    if (refused) return true;
    if (chunk !== null && chunk !== undefined) {
      received += typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
      if (received > limitBytes) {
        refused = true;
        refuseBody(res, limitBytes);
        return true;
      }
    }
    // Node stops reading the socket once the request's buffer is full and the route has not
    // started reading; under load that left an over-cap body unanswered for tens of seconds.
    // Reading on regardless up to a small cap refuses it at once, with memory bounded by the cap.
    return push(chunk, encoding) || received <= eagerBytes;
  };
}

/**
 * Runs before any router; true when it has answered the request itself (a body over its route's
 * cap, lib/http/body-caps.ts), and then no router may touch it.
 */
export function createFrontDoor(options: FrontDoorOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const headers = Object.entries(securityHeaders(options.appUrl));
  return (req, res) => {
    closeLingering(req.socket);
    req.headers[clientAddressHeader] = requestAddress(req, options.trustedProxyHops);
    // The page's language, chosen here so the root layout can set <html lang> (never the caller's own value).
    delete req.headers[pageLocaleHeader];
    const pathname = pathnameOf(req.url ?? "/");
    const locale = pageLocaleFor(pathname, req.headers);
    if (locale !== undefined) req.headers[pageLocaleHeader] = locale;
    for (const [name, value] of headers) res.setHeader(name, value);
    const limitBytes = bodyCapFor(pathname);
    if (limitBytes === undefined) return false;
    if (Number(req.headers["content-length"] ?? 0) > limitBytes) {
      refuseBody(res, limitBytes);
      return true;
    }
    if (req.headers["transfer-encoding"] !== undefined) countBody(req, res, limitBytes);
    return false;
  };
}
