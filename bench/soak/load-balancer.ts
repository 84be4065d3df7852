// A small load balancer in front of the webs: each request goes to the next web in turn (so
// consecutive parts of one walkthrough land on different webs); a web whose health check fails,
// or whose connection was refused, is passed over until it answers again, as a real one's health
// check would. A request in flight to a web that dies is answered 502 (the phone sends it again).
// Hooks let the faults act on a part's upload: kill the web it went to, or drop its answer after
// the web answered.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { probe } from "../../tests/support/app-process";

export interface Upstream {
  name: string;
  port: number;
}

export interface PartRequest {
  web: string;
  inspectionPath: string;
  partNumber: number;
}

export interface LoadBalancerHooks {
  /** A part upload was just sent on to `web`. */
  onPartForwarded?(part: PartRequest): void;
  /** The web answered a part with `status`: true drops the answer (the client's socket is cut). */
  dropPartAnswer?(part: PartRequest, status: number): boolean;
}

export interface LoadBalancer {
  url: string;
  port: number;
  /** Requests answered 502 because the web went away under them, by web. */
  readonly upstreamFailures: Record<string, number>;
  readonly forwarded: Record<string, number>;
  markDown(name: string): void;
  close(): Promise<void>;
}

const partPath = /^(\/r\/[^/]+)\/api\/parts\/(\d+)$/;

export async function startLoadBalancer(upstreams: Upstream[], hooks: LoadBalancerHooks): Promise<LoadBalancer> {
  const healthy = new Map(upstreams.map((upstream) => [upstream.name, true]));
  const upstreamFailures: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.name, 0]));
  const forwarded: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.name, 0]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;

  const pick = (): Upstream | undefined => {
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[(turn + i) % upstreams.length]!;
      if (healthy.get(candidate.name)) {
        turn = (turn + i + 1) % upstreams.length;
        return candidate;
      }
    }
    return undefined;
  };

  const checks = setInterval(() => {
    for (const upstream of upstreams) {
      probe(`http://127.0.0.1:${upstream.port}/logo.svg`).then(
        () => healthy.set(upstream.name, true),
        () => healthy.set(upstream.name, false),
      );
    }
  }, 500);

  const server = http.createServer((request, response) => {
    const upstream = pick();
    if (!upstream) {
      response.writeHead(503, { "retry-after": "1", "x-soak-lb": "no-upstream" }).end();
      request.resume();
      return;
    }
    forwarded[upstream.name]! += 1;
    const match = request.method === "PUT" ? partPath.exec(request.url ?? "") : null;
    const part = match ? { web: upstream.name, inspectionPath: match[1]!, partNumber: Number(match[2]) } : undefined;
    const headers = { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "127.0.0.1" };
    const proxied = http.request(
      { host: "127.0.0.1", port: upstream.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        if (part && hooks.dropPartAnswer?.(part, answer.statusCode ?? 0)) {
          answer.resume();
          answer.on("end", () => response.socket?.destroy());
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on("error", () => response.destroy());
      },
    );
    proxied.on("error", (error: NodeJS.ErrnoException) => {
      upstreamFailures[upstream.name]! += 1;
      if (error.code === "ECONNREFUSED") healthy.set(upstream.name, false);
      if (!response.headersSent) response.writeHead(502, { "x-soak-lb": "upstream-failed" }).end();
      else response.destroy();
    });
    request.pipe(proxied);
    if (part) hooks.onPartForwarded?.(part);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    upstreamFailures,
    forwarded,
    markDown: (name) => void healthy.set(name, false),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checks);
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
