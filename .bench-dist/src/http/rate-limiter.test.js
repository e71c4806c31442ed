import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryRateLimiter, rateLimitHeaders } from './rate-limiter.js';
const policy = { name: 'read', limit: 3, windowSeconds: 60 };
test('exactly `limit` hits pass in a window, the next is refused, and the window resets', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    const results = [];
    for (let i = 0; i < 4; i++)
        results.push(await limiter.hit('key_a', policy));
    assert.deepEqual(results.map((r) => r.allowed), [true, true, true, false]);
    assert.deepEqual(results.map((r) => r.remaining), [2, 1, 0, 0]);
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
//# sourceMappingURL=rate-limiter.test.js.map