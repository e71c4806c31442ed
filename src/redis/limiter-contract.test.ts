/**
 * One contract for both homes of the limits: this process's memory and Redis.
 * The Redis runs use the real server at 127.0.0.1:6379 under a key prefix of
 * their own, deleted afterwards, so runs (and engineers) never see each other's counts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMAIL_THROTTLE, throttleDelayMs } from '../domain/auth-policy.js';
import { MemoryRateLimiter, type RateLimiter } from '../http/rate-limiter.js';
import { MemorySignInThrottle, type SignInThrottle } from '../services/sign-in-throttle.js';
import { connectRedis, redisReady } from './redis-client.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';
import { RedisSignInThrottle } from './redis-sign-in-throttle.js';
import { REDIS_TEST_URL, testPrefix } from './redis.test-helper.js';

const redis = connectRedis(REDIS_TEST_URL);
const run = testPrefix();
// enableOfflineQueue is off (a live server must not queue): wait for the connection before the first test.
before(async () => assert.ok(await redisReady(redis, 10_000), `no Redis at ${REDIS_TEST_URL}`));
after(async () => {
  await run.cleanUp(redis);
  redis.disconnect();
});

let seq = 0;
const homes: Array<{ name: string; limiter: () => RateLimiter; throttle: (now: () => number) => SignInThrottle }> = [
  { name: 'memory', limiter: () => new MemoryRateLimiter(), throttle: (now) => new MemorySignInThrottle(EMAIL_THROTTLE, now) },
  {
    name: 'redis',
    limiter: () => new RedisRateLimiter(redis, `${run.prefix}${++seq}:`),
    throttle: (now) => new RedisSignInThrottle(redis, `${run.prefix}${++seq}:`, EMAIL_THROTTLE, now),
  },
];

for (const home of homes) {
  describe(`rate limits in ${home.name}`, () => {
    const policy = { name: 'read', limit: 3, windowSeconds: 60 };

    test('exactly `limit` hits pass in a window; the rest are refused with the time to wait', async () => {
      const limiter = home.limiter();
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await limiter.hit('key_a', policy));
      assert.deepEqual(
        results.map((r) => [r.allowed, r.remaining]),
        [
          [true, 2],
          [true, 1],
          [true, 0],
          [false, 0],
          [false, 0],
        ],
      );
      for (const r of results) assert.ok(r.resetSeconds >= 1 && r.resetSeconds <= 60, `resetSeconds ${r.resetSeconds}`);
      assert.equal((await limiter.hit('key_b', policy)).allowed, true, 'other subjects have their own window');
    });

    test('hitAll counts in every window or in none', async () => {
      const limiter = home.limiter();
      const perKey = { name: 'generate', limit: 2, windowSeconds: 60 };
      const perAccount = { name: 'account-generate', limit: 3, windowSeconds: 3600 };
      const hit = (key: string) =>
        limiter.hitAll([
          { subject: key, policy: perKey },
          { subject: 'acct', policy: perAccount },
        ]);
      assert.deepEqual(
        (await hit('k1')).map((d) => d.remaining),
        [1, 2],
      );
      assert.deepEqual(
        (await hit('k1')).map((d) => d.remaining),
        [0, 1],
      );
      const refusedByKey = await hit('k1');
      assert.deepEqual(
        refusedByKey.map((d) => d.allowed),
        [false, true],
      );
      assert.equal(refusedByKey[1].remaining, 1, "the key's refusal left the account window untouched");
      const last = await hit('k2');
      assert.deepEqual(
        last.map((d) => [d.allowed, d.remaining]),
        [
          [true, 1],
          [true, 0],
        ],
      );
      assert.ok(last[1].resetSeconds > 60 && last[1].resetSeconds <= 3600, 'each window keeps its own length');
      assert.deepEqual(
        (await hit('k3')).map((d) => d.allowed),
        [true, false],
        'the full account window refuses a fresh key',
      );
    });

    test('concurrent hits never pass more than the limit', async () => {
      const limiter = home.limiter();
      const limited = { name: 'generate', limit: 50, windowSeconds: 60 };
      const decisions = await Promise.all(Array.from({ length: 80 }, () => limiter.hit('acct', limited)));
      assert.equal(decisions.filter((d) => d.allowed).length, 50);
    });
  });

  describe(`sign-in throttle in ${home.name}`, () => {
    test('free failures cost nothing, then each one doubles the wait; success clears it', async () => {
      let now = 1_700_000_000_000;
      const throttle = home.throttle(() => now);
      const free = EMAIL_THROTTLE.freeFailures;
      for (let i = 1; i < free; i++) {
        await throttle.fail('a@example.com');
        assert.equal((await throttle.check('a@example.com')).waitMs, 0);
      }
      await throttle.fail('a@example.com');
      assert.equal((await throttle.check('a@example.com')).waitMs, throttleDelayMs(EMAIL_THROTTLE, free));
      now += 400;
      assert.equal((await throttle.check('a@example.com')).waitMs, throttleDelayMs(EMAIL_THROTTLE, free) - 400);
      await throttle.fail('a@example.com');
      assert.equal((await throttle.check('a@example.com')).waitMs, throttleDelayMs(EMAIL_THROTTLE, free + 1));
      assert.ok(throttleDelayMs(EMAIL_THROTTLE, free + 1) > throttleDelayMs(EMAIL_THROTTLE, free));
      assert.equal((await throttle.check('b@example.com')).waitMs, 0, 'other subjects are not slowed');
      await throttle.succeed('a@example.com');
      assert.equal((await throttle.check('a@example.com')).waitMs, 0);
    });

    test('a count idle longer than forgetAfterMs starts again from zero', async () => {
      let now = 1_700_000_000_000;
      const throttle = home.throttle(() => now);
      for (let i = 0; i < EMAIL_THROTTLE.freeFailures + 3; i++) await throttle.fail('c@example.com');
      assert.ok((await throttle.check('c@example.com')).waitMs > 0);
      now += EMAIL_THROTTLE.forgetAfterMs + 1;
      assert.equal((await throttle.check('c@example.com')).waitMs, 0);
      await throttle.fail('c@example.com');
      assert.equal((await throttle.check('c@example.com')).waitMs, 0, 'the old failures no longer count');
    });
  });
}

test('two Redis limiters on one prefix (two nodes) share one count', async () => {
  const prefix = `${run.prefix}shared:`;
  const nodeA = new RedisRateLimiter(redis, prefix);
  const second = connectRedis(REDIS_TEST_URL);
  try {
    assert.ok(await redisReady(second, 10_000));
    const nodeB = new RedisRateLimiter(second, prefix);
    const policy = { name: 'generate', limit: 50, windowSeconds: 60 };
    const decisions = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? nodeA : nodeB).hit('acct', policy)));
    assert.equal(decisions.filter((d) => d.allowed).length, 50);
  } finally {
    second.disconnect();
  }
});
