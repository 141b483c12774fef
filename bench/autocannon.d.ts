// The part of autocannon's Node API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Percentiles = { average: number; mean: number; min: number; max: number; p50: number; p90: number; p99: number };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { total: number; sent: number };
  };
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    /** A number of requests to make instead of a duration. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
  }): Promise<Result>;
}
