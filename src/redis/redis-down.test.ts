/**
 * Redis going away: the limiters keep answering from the node's own memory
 * (decision 0027), report the outage once, and share counts again once Redis
 * answers. The outage is real: a closed port, and a TCP proxy to the real
 * Redis that this test cuts mid-run and brings back.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMAIL_THROTTLE } from '../domain/auth-policy.js';
import { freePort } from '../server-process.test-helper.js';
import { connectRedis, redisReady } from './redis-client.js';
import { REDIS_TEST_URL, startProxy, testPrefix } from './redis.test-helper.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';
import { RedisSignInThrottle } from './redis-sign-in-throttle.js';

const run = testPrefix();
const direct = connectRedis(REDIS_TEST_URL);
after(async () => {
  await run.cleanUp(direct);
  direct.disconnect();
});

function recorder() {
  const events: string[] = [];
  return { events, hooks: { onUnavailable: (l: string) => events.push(`down ${l}`), onRecovered: (l: string) => events.push(`up ${l}`) } };
}

test('a Redis that never answers: limits hold per node, the outage is reported once', async () => {
  const port = await freePort();
  const redis = connectRedis(`redis://127.0.0.1:${port}`);
  redis.on('error', () => undefined);
  try {
    const { events, hooks } = recorder();
    const limiter = new RedisRateLimiter(redis, run.prefix, hooks);
    const policy = { name: 'generate', limit: 3, windowSeconds: 60 };
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiter.hit('acct', policy));
    assert.deepEqual(
      decisions.map((d) => d.allowed),
      [true, true, true, false, false],
    );
    assert.deepEqual(events, ['down rate limits']);

    let now = 1_700_000_000_000;
    const throttle = new RedisSignInThrottle(redis, run.prefix, EMAIL_THROTTLE, () => now, hooks);
    for (let i = 0; i <= EMAIL_THROTTLE.freeFailures; i++) await throttle.fail('a@example.com');
    assert.ok((await throttle.check('a@example.com')).waitMs > 0, 'the throttle still slows guessing on this node');
    now += 1;
    assert.deepEqual(events, ['down rate limits', 'down sign-in throttle']);
  } finally {
    redis.disconnect();
  }
});

test('Redis lost mid-run and back: shared count, then per node, then shared again', { timeout: 60_000 }, async () => {
  const port = await freePort();
  let proxy = await startProxy(port);
  const redis = connectRedis(`redis://127.0.0.1:${port}`);
  redis.on('error', () => undefined);
  try {
    assert.ok(await redisReady(redis, 10_000));
    const { events, hooks } = recorder();
    const prefix = `${run.prefix}mid:`;
    const limiter = new RedisRateLimiter(redis, prefix, hooks);
    const policy = { name: 'generate', limit: 4, windowSeconds: 60 };
    for (let i = 0; i < 2; i++) assert.equal((await limiter.hit('acct', policy)).allowed, true);
    assert.equal(await direct.get(`${prefix}rl:generate:acct`), '2', 'counted in Redis while it answers');

    await proxy.cut();
    const during = [];
    for (let i = 0; i < 5; i++) during.push((await limiter.hit('acct', policy)).allowed);
    assert.deepEqual(during, [true, true, true, true, false], "the node's own window, fresh, holds the same limit");
    assert.deepEqual(events, ['down rate limits']);

    proxy = await startProxy(port);
    // ioredis reconnects by itself (at most 2 s apart); bounded wait for it.
    assert.ok(await redisReady(redis, 15_000), 'reconnected');
    const back = await limiter.hit('acct', policy);
    assert.deepEqual([back.allowed, back.remaining], [true, 1], 'the shared window continues where it was (2 + this one of 4)');
    assert.deepEqual(events, ['down rate limits', 'up rate limits']);
  } finally {
    redis.disconnect();
    await proxy.cut();
  }
});
