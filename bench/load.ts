import autocannon, { type Result } from "autocannon";

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** Load sent and thrown away first, so JIT, pools and caches are warm when measuring. */
  warmupSeconds: number;
  pipelining?: number;
  /** A fixed rate (requests per second across all connections) instead of as fast as possible. */
  overallRate?: number;
  /** Picks each request's path (with query); default: the path of `url`. */
  nextPath?: () => string;
  /** Read before and after the measured part to report the server's CPU per request. */
  cpuSeconds?: () => Promise<number>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Server CPU (user + system) per answered request, when `cpuSeconds` was given. */
  cpuMsPerRequest?: number;
}

/** Refuses a run in which anything but 2xx came back: a fast error page is not throughput. */
function assertAllOk(label: string, result: Result): void {
  const failures = [
    result.non2xx > 0 ? `${result.non2xx} non-2xx responses (${JSON.stringify(result.statusCodeStats)})` : "",
    result.errors > 0 ? `${result.errors} connection errors` : "",
    result.timeouts > 0 ? `${result.timeouts} timeouts` : "",
    result["2xx"] === 0 ? "no 2xx response at all" : "",
  ].filter(Boolean);
  if (failures.length > 0) throw new Error(`${label}: ${failures.join("; ")}`);
}

/** One bounded autocannon run (warm-up, then the measured part) from this process over loopback. */
export async function runLoad(label: string, options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    pipelining: options.pipelining ?? 1,
    timeout: 10,
    overallRate: options.overallRate,
    requests: options.nextPath
      ? [
          {
            setupRequest: (request: { path: string; method: string; headers: Record<string, string> }) => ({
              ...request,
              path: options.nextPath!(),
            }),
          },
        ]
      : undefined,
  };
  if (options.warmupSeconds > 0) {
    assertAllOk(`${label} (warm-up)`, await autocannon({ ...base, duration: options.warmupSeconds }));
  }
  const cpuBefore = await options.cpuSeconds?.();
  const result = await autocannon({ ...base, duration: options.durationSeconds });
  const cpuAfter = await options.cpuSeconds?.();
  assertAllOk(label, result);
  const cpuUsed = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    requestsPerSecond: result.requests.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result["2xx"],
    cpuMsPerRequest: cpuUsed === undefined ? undefined : (cpuUsed * 1000) / result["2xx"],
  };
}
