import type { Redis } from 'ioredis';
import { throttleDelayMs, type ThrottlePolicy } from '../domain/auth-policy.js';
import type { SignInThrottleFactory } from '../services/auth-context.js';
import { MemorySignInThrottle, type SignInThrottle, type ThrottleCheck } from '../services/sign-in-throttle.js';
import { type FailoverEvents, RedisFailover } from './redis-failover.js';

/**
 * One failure, atomically: a count older than forgetAfterMs starts again from
 * zero (the same rule as in memory, judged on the app's clock so tests can move
 * it), and the key expires with it so Redis forgets idle subjects by itself.
 * KEYS[1] = hash {failures, last}; ARGV = now ms, forgetAfterMs.
 */
const FAIL = `
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now, forget = tonumber(ARGV[1]), tonumber(ARGV[2])
if now - last > forget then redis.call('DEL', KEYS[1]) end
redis.call('HINCRBY', KEYS[1], 'failures', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], forget)
return 1
`;

/**
 * Failed sign-ins counted for every node (REDIS_URL). While Redis is
 * unreachable the node throttles from its own memory (decision 0027): still
 * exponential per node, so a guessing run gains at most a factor of the node
 * count, while sign-in itself keeps working.
 */
export class RedisSignInThrottle implements SignInThrottle {
  private readonly fallback: MemorySignInThrottle;
  private readonly failover: RedisFailover;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly policy: ThrottlePolicy,
    private readonly nowMs: () => number = Date.now,
    events: FailoverEvents = {},
  ) {
    this.fallback = new MemorySignInThrottle(policy, nowMs);
    this.failover = new RedisFailover('sign-in throttle', events);
    redis.defineCommand('imprintThrottleFail', { numberOfKeys: 1, lua: FAIL });
  }

  check(subject: string): Promise<ThrottleCheck> {
    return this.failover.run(
      async () => {
        const [failures, last] = await this.redis.hmget(this.key(subject), 'failures', 'last');
        const now = this.nowMs();
        if (failures === null || last === null || now - Number(last) > this.policy.forgetAfterMs) return { waitMs: 0 };
        return { waitMs: Math.max(0, Number(last) + throttleDelayMs(this.policy, Number(failures)) - now) };
      },
      () => this.fallback.check(subject),
    );
  }

  async fail(subject: string): Promise<void> {
    // Counted locally too, so a node that loses Redis mid-run still remembers what it saw.
    await this.fallback.fail(subject);
    const command = (this.redis as unknown as { imprintThrottleFail(key: string, now: number, forget: number): Promise<number> }).imprintThrottleFail;
    await this.failover.run(
      () => command.call(this.redis, this.key(subject), this.nowMs(), this.policy.forgetAfterMs),
      () => 0,
    );
  }

  async succeed(subject: string): Promise<void> {
    await this.fallback.succeed(subject);
    await this.failover.run(
      () => this.redis.del(this.key(subject)),
      () => 0,
    );
  }

  private key(subject: string): string {
    return `${this.prefix}${subject}`;
  }
}

/** Email and IP counters under their own key spaces, one failover notice each. */
export function redisSignInThrottles(redis: Redis, prefix: string, events: FailoverEvents = {}): SignInThrottleFactory {
  return (name, policy, nowMs) => new RedisSignInThrottle(redis, `${prefix}throttle:${name}:`, policy, nowMs, events);
}
