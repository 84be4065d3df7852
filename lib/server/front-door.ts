import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddressHeader } from "../http/client-address";
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

export function createFrontDoor(options: FrontDoorOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const headers = Object.entries(securityHeaders(options.appUrl));
  return (req, res) => {
    req.headers[clientAddressHeader] = requestAddress(req, options.trustedProxyHops);
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
