// The few parts of autocannon@8 the benchmarks use; the package ships no types.
declare module "autocannon" {
  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests per second across all connections (a fixed-rate load instead of as fast as possible). */
    overallRate?: number;
    /** Each request of the sequence may be rewritten before it is sent (e.g. to vary the path). */
    requests?: {
      setupRequest?: (request: { path: string; method: string; headers: Record<string, string> }) => {
        path: string;
        method: string;
        headers: Record<string, string>;
      };
    }[];
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    duration: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
