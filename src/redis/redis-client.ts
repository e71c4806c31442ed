import { Redis } from 'ioredis';

/**
 * One connection per process for the shared limiters. A limiter sits in front
 * of every request, so a slow or absent Redis must cost a request at most
 * COMMAND_TIMEOUT_MS: commands are not queued while disconnected (they fail at
 * once and the caller falls back), and a stalled connection times out.
 */
export const COMMAND_TIMEOUT_MS = 500;

export function connectRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // Keep trying in the background; capped so a recovered Redis is used again within 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/** Resolves true once connected, or false after `timeoutMs`: commands sent before then would take the fallback. */
export function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    redis.once('ready', onReady);
  });
}
