/**
 * What /metrics costs a request: the same app with and without PrometheusMetrics,
 * GET /healthz through inject (no sockets, so the hook's share is not drowned in
 * network noise), in alternating rounds so machine load hits both sides alike.
 * Also the bare cost of one httpRequest() call and the wall time of one scrape. Prints, asserts nothing.
 *
 *   npm run build && node dist/bench/metrics-overhead.js [--requests 20000] [--rounds 5]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiskBlobStore } from '../src/blobs/disk-blob-store.js';
import { createImageFetcher } from '../src/fetch/image-fetcher.js';
import { buildApp } from '../src/http/app.js';
import { PrometheusMetrics } from '../src/http/prometheus-metrics.js';
import { MemoryRateLimiter } from '../src/http/rate-limiter.js';
import type { ServiceDeps } from '../src/services/service-deps.js';
import { openStore } from '../src/store/open-store.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const REQUESTS = arg('requests', 20_000);
const ROUNDS = arg('rounds', 5);

async function makeApp(dir: string, metrics: PrometheusMetrics | undefined) {
  const store = await openStore({ databaseUrl: ':memory:', dataDir: dir });
  const deps: ServiceDeps = {
    store,
    blobs: new DiskBlobStore(path.join(dir, 'blobs')),
    accountFonts: async () => [],
    renderer: { render: () => Promise.reject(new Error('no renders in this benchmark')) },
    fetcher: createImageFetcher(),
    fontFamilies: async () => [],
    publicUrl: 'http://bench.test',
    now: () => new Date().toISOString(),
    metrics,
  };
  const app = await buildApp({ deps, rateLimiter: new MemoryRateLimiter(), limits: { readPerMinute: 1e6, generatePerMinute: 1e6 }, bodyLimitBytes: 1 << 20, metrics });
  return { app, close: async () => (await app.close(), await store.close()) };
}

/** CPU time (user + system) per request, in µs: on a shared machine wall time mostly measures the neighbours. */
async function perRequestMicros(app: Awaited<ReturnType<typeof makeApp>>['app'], n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    if (res.statusCode !== 200) throw new Error(`healthz answered ${res.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-metrics-bench-'));
const metrics = new PrometheusMetrics();
const plain = await makeApp(path.join(dir, 'plain'), undefined);
const measured = await makeApp(path.join(dir, 'measured'), metrics);
await perRequestMicros(plain.app, 2000);
await perRequestMicros(measured.app, 2000);
const without: number[] = [];
const withMetrics: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  without.push(await perRequestMicros(plain.app, REQUESTS));
  withMetrics.push(await perRequestMicros(measured.app, REQUESTS));
}

const calls = 1_000_000;
const cpu = process.cpuUsage();
for (let i = 0; i < calls; i++) metrics.httpRequest('GET', '/images/:file', 200, 0.0123);
const spent = process.cpuUsage(cpu);
const hookNs = ((spent.user + spent.system) * 1000) / calls;

const scrapes: number[] = [];
for (let i = 0; i < 50; i++) {
  const start = process.hrtime.bigint();
  await metrics.scrape();
  scrapes.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const { body } = await metrics.scrape();

const a = median(without);
const b = median(withMetrics);
console.log(`GET /healthz via inject, CPU time per request, ${ROUNDS} rounds × ${REQUESTS} requests, medians:`);
console.log(`  without metrics  ${a.toFixed(1)} µs/request   (rounds: ${without.map((x) => x.toFixed(1)).join(', ')})`);
console.log(`  with metrics     ${b.toFixed(1)} µs/request   (rounds: ${withMetrics.map((x) => x.toFixed(1)).join(', ')})`);
console.log(`  overhead         ${(b - a).toFixed(1)} µs/request (${(((b - a) / a) * 100).toFixed(1)} %)`);
console.log(`httpRequest() alone (counter + histogram with labels), CPU: ${hookNs.toFixed(0)} ns/call`);
console.log(`one scrape: median ${median(scrapes).toFixed(2)} ms, ${body.length} bytes, ${body.split('\n').filter((l) => l && !l.startsWith('#')).length} samples`);
console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await plain.close();
await measured.close();
await rm(dir, { recursive: true, force: true });
