// A closed-loop load: `concurrency` clients, each on its own kept-alive connection, sending the next
// request as soon as the last answer is complete, for a fixed time after a warm-up. Every answer is
// checked, so a fast error never counts as throughput.
import { Pool } from 'undici';
import { percentile } from '../report.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether an answer's body is the one expected (status 200 is checked first). */
  accept(body: string): boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  failed: number;
  /** Every answer's latency (ms), and the seconds measured: what `combined` adds up. */
  latencies: number[];
  seconds: number;
}

/** Several runs against one server as one: requests over the seconds of all, percentiles over all answers. */
export function combined(runs: LoadResult[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    completed: latencies.length,
    failed: runs.reduce((sum, r) => sum + r.failed, 0),
    latencies,
    seconds,
  };
}

export async function closedLoop(
  origin: string,
  request: LoadRequest,
  { concurrency, durationMs, warmupMs }: { concurrency: number; durationMs: number; warmupMs: number },
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let failed = 0;
  let measuring = false;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const started = performance.now();
      let ok = false;
      try {
        const res = await pool.request({
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: request.body,
        });
        const text = await res.body.text();
        ok = res.statusCode === 200 && request.accept(text);
      } catch {
        ok = false;
      }
      if (!measuring || stopped) continue;
      if (ok) latencies.push(performance.now() - started);
      else failed++;
    }
  };
  const clients = Array.from({ length: concurrency }, client);
  await sleep(warmupMs);
  measuring = true;
  const from = performance.now();
  await sleep(durationMs);
  const seconds = (performance.now() - from) / 1000;
  stopped = true;
  await Promise.all(clients);
  await pool.close();
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    completed: latencies.length,
    failed,
    latencies,
    seconds,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
