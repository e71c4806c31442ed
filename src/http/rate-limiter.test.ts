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

test('hitAll counts in every window or in none', async () => {
  let now = 1_000_000;
  const limiter = new MemoryRateLimiter(() => now);
  const perKey = { name: 'generate', limit: 2, windowSeconds: 60 };
  const perAccount = { name: 'account-generate', limit: 3, windowSeconds: 60 };
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
  assert.deepEqual(
    (await hit('k2')).map((d) => d.allowed),
    [true, true],
  );
  const refusedByAccount = await hit('k3');
  assert.deepEqual(
    refusedByAccount.map((d) => d.allowed),
    [true, false],
  );
  assert.equal(refusedByAccount[0].remaining, 2, "the account's refusal left the new key's window untouched");
  now += 60_000;
  assert.deepEqual(
    (await hit('k3')).map((d) => d.allowed),
    [true, true],
  );
});

test('the binding window is the refusing one that resets last, else the one with fewest left', () => {
  const d = (allowed: boolean, remaining: number, resetSeconds: number) => ({ allowed, remaining, resetSeconds });
  assert.equal(bindingIndex([d(true, 5, 60), d(true, 2, 60)]), 1);
  assert.equal(bindingIndex([d(true, 2, 10), d(true, 2, 60)]), 1);
  assert.equal(bindingIndex([d(false, 0, 10), d(true, 0, 60)]), 0);
  assert.equal(bindingIndex([d(false, 0, 10), d(true, 3, 60), d(false, 0, 3000)]), 2);
});
