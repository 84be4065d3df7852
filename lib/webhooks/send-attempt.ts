import "server-only";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isPublicAddress } from "../fetch/address-policy";
import { CheckedAddresses } from "../fetch/checked-addresses";
import { fetchResolver, resolveAddresses } from "../fetch/dns-resolve";
import { FetchRefusal } from "../fetch/fetch-refusal";
import { fetchHost } from "../fetch/fetch-url";
import { pinnedLookup } from "../fetch/pinned-request";
import { processSingleton } from "../process-state";

/** Spec, Delivery semantics: the receiver answers within 10 seconds. */
export const attemptTimeoutMs = 10_000;
/** The first 2 KiB of a receiver's answer are kept (the console shows them with the attempt). */
export const excerptBytes = 2048;
const agentsMax = 256;

export interface AttemptAnswer {
  /** The receiver's status, when it answered. */
  statusCode?: number;
  /** The first characters of its answer. */
  excerpt?: string;
  /** Why it did not count: `http_status`, `redirect`, `timeout`, `private_address`, `dns_failed`, `connect_failed`. */
  error?: string;
  latencyMs: number;
}

/**
 * Keep-alive agents, one per receiver origin and checked address: a pooled socket is only ever
 * reused for the address it was opened to, so pooling never lets a later DNS answer through
 * unchecked, and a thousand deliveries a second do not each pay a handshake.
 */
function agentFor(url: URL, address: string, sockets: number): http.Agent {
  const agents = processSingleton("webhook-agents", () => new Map<string, http.Agent>());
  const key = `${url.protocol}//${url.host}@${address}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: sockets, lookup: pinnedLookup(address) };
    agent = url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
    if (agents.size > agentsMax) {
      const [oldest] = agents.keys();
      agents.get(oldest!)?.destroy();
      agents.delete(oldest!);
    }
  }
  return agent;
}

/**
 * The answer's first 2 KiB as text, for the delivery log: enough to read an error page's message.
 * A character cut at the end is dropped, not shown as a replacement mark.
 */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => resolve(new TextDecoder().decode(Buffer.concat(chunks).subarray(0, excerptBytes)).replace(/\uFFFD$/, ""));
    response.on("data", (chunk: Buffer) => {
      if (length < excerptBytes) {
        chunks.push(chunk);
        length += chunk.length;
      }
    });
    response.on("end", done);
    response.on("error", done);
  });
}

export interface SendOptions {
  allowPrivate: boolean;
  /** Sockets per receiver address in this process. */
  sockets: number;
  resolve?: (hostname: string) => Promise<string[]>;
}

/**
 * One POST of a signed body to a receiver, through the SSRF-safe resolver and address policy
 * (lib/fetch): every address the host resolves to must be public unless private receivers are
 * allowed, and the connection is pinned to the checked one. A redirect is not followed; only a
 * 2xx within 10 seconds counts. Never throws.
 */
export async function sendAttempt(
  urlText: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<AttemptAnswer> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(attemptTimeoutMs);
  try {
    const url = new URL(urlText);
    const host = fetchHost(url);
    const addresses = new CheckedAddresses({
      resolve: options.resolve ?? ((name) => resolveAddresses(fetchResolver(), name)),
      isAllowedAddress: options.allowPrivate ? () => true : isPublicAddress,
    });
    if (!options.allowPrivate && url.protocol !== "https:") throw new FetchRefusal("invalid_url", "scheme is not https");
    const address = await Promise.race([
      addresses.addressOf(host),
      new Promise<never>((_resolve, reject) =>
        deadline.addEventListener("abort", () => reject(new FetchRefusal("timeout")), { once: true }),
      ),
    ]);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const request = client.request(
        {
          host: host.name,
          port: url.port || (url.protocol === "https:" ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: "POST",
          agent: agentFor(url, address, options.sockets),
          lookup: pinnedLookup(address),
          servername: host.isIpLiteral ? undefined : host.name,
          signal: deadline,
          headers: { ...headers, host: url.host, "content-length": String(Buffer.byteLength(body)) },
        },
        resolve,
      );
      request.on("error", (error) =>
        reject(deadline.aborted ? new FetchRefusal("timeout") : new FetchRefusal("connect_failed", error.message)),
      );
      request.end(body);
    });
    const excerpt = await readExcerpt(response);
    if (deadline.aborted) return { statusCode: response.statusCode, excerpt, error: "timeout", latencyMs: latency() };
    const statusCode = response.statusCode ?? 0;
    if (statusCode >= 200 && statusCode < 300) return { statusCode, excerpt, latencyMs: latency() };
    return {
      statusCode,
      excerpt,
      error: statusCode >= 300 && statusCode < 400 ? "redirect" : "http_status",
      latencyMs: latency(),
    };
  } catch (error) {
    if (deadline.aborted) return { error: "timeout", latencyMs: latency() };
    if (error instanceof FetchRefusal) return { error: error.message.slice(0, 300), latencyMs: latency() };
    return { error: `fetch_failed: ${(error as Error).message}`.slice(0, 300), latencyMs: latency() };
  }
}
