/** Latency and throughput sampling shared by every engine in the bench. */
import { performance } from 'node:perf_hooks';

export interface LatencyStats {
  n: number;
  p50: number;
  p90: number;
}

export interface ThroughputStats {
  n: number;
  wallMs: number;
  perSecond: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Runs `task` `concurrency` at a time until `n` have finished (warm-up and throughput). */
export async function runConcurrently(task: () => Promise<unknown>, n: number, concurrency: number): Promise<void> {
  let started = 0;
  const lane = async (): Promise<void> => {
    while (started < n) {
      started++;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, lane));
}

/** One task at a time (the latency a single request sees on an idle service); ms per task. */
export async function sampleLatency(task: () => Promise<unknown>, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await task();
    samples.push(performance.now() - t0);
  }
  return samples;
}

export function summarizeLatency(samples: readonly number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
}

/**
 * Keeps `concurrency` tasks in flight for at least `minMs`, then lets the
 * ones in flight finish; how many finished and the wall-clock ms. A fixed
 * duration rather than a fixed count, so a fast engine is not measured over
 * a window so short that pool ramp-up and one GC decide its figure.
 */
export async function timeConcurrentFor(task: () => Promise<unknown>, minMs: number, concurrency: number): Promise<{ n: number; wallMs: number }> {
  const t0 = performance.now();
  let n = 0;
  const lane = async (): Promise<void> => {
    while (performance.now() - t0 < minMs) {
      await task();
      n++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { n, wallMs: performance.now() - t0 };
}

export function summarizeThroughput(n: number, wallMs: number): ThroughputStats {
  return { n, wallMs, perSecond: (n * 1000) / wallMs };
}
