/** The part of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    pipelining?: number;
    requests?: Request[];
    headers?: Record<string, string>;
    setupClient?: (client: Client) => void;
  }

  export interface Client {
    setRequests(requests: Request[]): void;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
