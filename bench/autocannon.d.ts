// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  };
  export type AutocannonResult = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; returns the request to send. `context` is the connection's. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    /** Called with each answer to this request (its body is read only when this is set). */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  };
  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    requests?: AutocannonRequest[];
  };
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
