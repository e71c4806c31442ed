import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindingIndex, MemoryRateLimiter, rateLimitHeaders } from './rate-limiter.js';

const policy = { name: 'read', limit: 3, windowSeconds: 60 };

test('exactly `limit` hits pass in a window, the next is refused, and the window resets', async () => {
  let now = 1_000_000;
  const limiter = new MemoryRateLimiter(() => now);
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await limiter.hit('key_a', policy));
  assert.deepEqual(
    results.map((r) => r.allowed),
    [true, true, true, false],
  );
  assert.deepEqual(
    results.map((r) => r.remaining),
    [2, 1, 0, 0],
  );
  assert.equal((await limiter.hit('key_b', policy)).allowed, true, 'other subjects have their own window');
  now += 60_000;
  assert.equal((await limiter.hit('key_a', policy)).allowed, true);
});

test('headers follow the IETF draft and a refusal carries Retry-After', () => {
  const headers = rateLimitHeaders(policy, { allowed: false, remaining: 0, resetSeconds: 17 });
  assert.equal(headers['RateLimit-Policy'], '"read";q=3;w=60');
  assert.equal(headers.RateLimit, '"read";r=0;t=17');
  assert.equal(headers['Retry-After'], '17');
  assert.equal(rateLimitHeaders(policy, { allowed: true, remaining: 2, resetSeconds: 60 })['Retry-After'], undefined);
});

// hitAll's all-or-nothing counting is in the contract suite shared with Redis (src/redis/limiter-contract.test.ts);
// only memory's clock can be moved, so the window's end is tested here.
test('every window of a hitAll opens again once its length has passed', async () => {
  let now = 1_000_000;
  const limiter = new MemoryRateLimiter(() => now);
  const windows = [
    { subject: 'k1', policy: { name: 'generate', limit: 1, windowSeconds: 60 } },
    { subject: 'acct', policy: { name: 'account-generate', limit: 1, windowSeconds: 60 } },
  ];
  assert.equal(
    (await limiter.hitAll(windows)).every((d) => d.allowed),
    true,
  );
  now += 59_999;
  assert.deepEqual(
    (await limiter.hitAll(windows)).map((d) => d.resetSeconds),
    [1, 1],
  );
  now += 1;
  assert.equal(
    (await limiter.hitAll(windows)).every((d) => d.allowed),
    true,
  );
});

test('the binding window is the refusing one that resets last, else the one with fewest left', () => {
  const d = (allowed: boolean, remaining: number, resetSeconds: number) => ({ allowed, remaining, resetSeconds });
  assert.equal(bindingIndex([d(true, 5, 60), d(true, 2, 60)]), 1);
  assert.equal(bindingIndex([d(true, 2, 10), d(true, 2, 60)]), 1);
  assert.equal(bindingIndex([d(false, 0, 10), d(true, 0, 60)]), 0);
  assert.equal(bindingIndex([d(false, 0, 10), d(true, 3, 60), d(false, 0, 3000)]), 2);
});
