import type { Redis } from 'ioredis';
import { MemoryRateLimiter, type RateLimitCheck, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from '../http/rate-limiter.js';
import { type FailoverEvents, RedisFailover } from './redis-failover.js';

/**
 * hitAll in one round trip, atomic because Redis runs a script alone: read
 * every window, count in all of them only when all have room. A window is a
 * counter whose expiry is the window's end, set when its first request counts
 * it, which is exactly MemoryRateLimiter's fixed window. Returns
 * [allowed, count1, pttl1, count2, pttl2, …].
 */
const HIT_ALL = `
local n = #KEYS
local counts, ttls, allowed = {}, {}, 1
for i = 1, n do
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then
    counts[i], ttls[i] = 0, tonumber(ARGV[2 * i])
  else
    counts[i], ttls[i] = tonumber(redis.call('GET', KEYS[i]) or '0'), ttl
  end
  if counts[i] >= tonumber(ARGV[2 * i - 1]) then allowed = 0 end
end
local out = { allowed }
for i = 1, n do
  if allowed == 1 then
    if counts[i] == 0 then
      redis.call('SET', KEYS[i], 1, 'PX', ARGV[2 * i])
      counts[i] = 1
    else
      counts[i] = redis.call('INCR', KEYS[i])
    end
  end
  out[2 * i] = counts[i]
  out[2 * i + 1] = ttls[i]
end
return out
`;

/**
 * The rate limiter shared by every node (REDIS_URL). While Redis is
 * unreachable each node counts in its own memory instead (decision 0027): the
 * limits then hold per node, as on a single node, rather than failing every
 * request or dropping the limits altogether.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private readonly failover: RedisFailover;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    events: FailoverEvents = {},
    nowMs: () => number = Date.now,
  ) {
    this.fallback = new MemoryRateLimiter(nowMs);
    this.failover = new RedisFailover('rate limits', events);
    redis.defineCommand('imprintHitAll', { lua: HIT_ALL });
  }

  async hit(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    return (await this.hitAll([{ subject, policy }]))[0];
  }

  hitAll(checks: RateLimitCheck[]): Promise<RateLimitDecision[]> {
    return this.failover.run(
      () => this.shared(checks),
      () => this.fallback.hitAll(checks),
    );
  }

  private async shared(checks: RateLimitCheck[]): Promise<RateLimitDecision[]> {
    const keys = checks.map(({ subject, policy }) => `${this.prefix}rl:${policy.name}:${subject}`);
    const args = checks.flatMap(({ policy }) => [policy.limit, policy.windowSeconds * 1000]);
    const command = (this.redis as unknown as { imprintHitAll(n: number, ...rest: Array<string | number>): Promise<number[]> }).imprintHitAll;
    const out = await command.call(this.redis, keys.length, ...keys, ...args);
    const allowed = out[0] === 1;
    return checks.map(({ policy }, i) => {
      const count = out[1 + 2 * i];
      const ttlMs = out[2 + 2 * i];
      return {
        allowed: allowed || count < policy.limit,
        remaining: Math.max(0, policy.limit - count),
        resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
      };
    });
  }
}
