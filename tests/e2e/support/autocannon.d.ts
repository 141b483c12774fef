// The part of autocannon's Node API that tests/e2e/load.spec.ts uses (the package has no types).
declare module 'autocannon' {
  export type Histogram = { average: number; p50: number; p99: number; max: number };

  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  };

  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
