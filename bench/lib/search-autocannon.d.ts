// The part of autocannon's programmatic API the search benchmark uses (the package ships no
// types).
declare module 'autocannon' {
  interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: RequestOptions, context: Record<string, unknown>) => RequestOptions;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    requests?: RequestOptions[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
