/** Latency and throughput sampling shared by every engine in the bench. */
import { performance } from 'node:perf_hooks';
export function percentile(sorted, p) {
    if (!sorted.length)
        return NaN;
    const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return sorted[rank];
}
/** Runs `task` `concurrency` at a time until `n` have finished (warm-up and throughput). */
export async function runConcurrently(task, n, concurrency) {
    let started = 0;
    const lane = async () => {
        while (started < n) {
            started++;
            await task();
        }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, n) }, lane));
}
/** One task at a time: the latency a single request sees on an idle service. */
export async function measureLatency(task, n) {
    const samples = [];
    for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await task();
        samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return { n, p50: percentile(samples, 50), p90: percentile(samples, 90), mean: samples.reduce((a, b) => a + b, 0) / n };
}
export async function measureThroughput(task, n, concurrency) {
    const t0 = performance.now();
    await runConcurrently(task, n, concurrency);
    const wallMs = performance.now() - t0;
    return { n, concurrency, wallMs, perSecond: (n * 1000) / wallMs };
}
//# sourceMappingURL=measure.js.map