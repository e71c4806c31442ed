/**
 * What a shared rate limit costs per request: the generate route's hitAll (per
 * key and per account windows) against memory and against Redis, one call at a
 * time (the latency a request pays) and 16 at once (what a busy node sees).
 * `node dist/bench/rate-limit-store.js [REDIS_URL]`; keys go under a random
 * prefix that is deleted at the end.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MemoryRateLimiter, type RateLimiter } from '../src/http/rate-limiter.js';
import { connectRedis, redisReady } from '../src/redis/redis-client.js';
import { RedisRateLimiter } from '../src/redis/redis-rate-limiter.js';
import { percentile } from './measure.js';

const url = process.argv[2] ?? 'redis://127.0.0.1:6379';
const policy = { name: 'generate', limit: 1_000_000_000, windowSeconds: 60 };
const account = { name: 'account-generate', limit: 1_000_000_000, windowSeconds: 60 };
const checks = (i: number) => [
  { subject: `key${i % 10}`, policy },
  { subject: 'acct', policy: account },
];

async function measure(name: string, limiter: RateLimiter): Promise<void> {
  for (let i = 0; i < 500; i++) await limiter.hitAll(checks(i));
  const samples: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t = performance.now();
    await limiter.hitAll(checks(i));
    samples.push((performance.now() - t) * 1000);
  }
  samples.sort((a, b) => a - b);
  const start = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (done < 20_000) await limiter.hitAll(checks(done++));
    }),
  );
  const perSecond = (done / (performance.now() - start)) * 1000;
  console.log(`${name.padEnd(7)} p50 ${percentile(samples, 50).toFixed(0)} µs  p99 ${percentile(samples, 99).toFixed(0)} µs  at concurrency 16: ${Math.round(perSecond)} hitAll/s`);
}

const redis = connectRedis(url);
if (!(await redisReady(redis, 5000))) throw new Error(`no Redis at ${url}`);
const prefix = `imprint-bench:${randomBytes(6).toString('hex')}:`;
try {
  await measure('memory', new MemoryRateLimiter());
  await measure('redis', new RedisRateLimiter(redis, prefix));
} finally {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}
