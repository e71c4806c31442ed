import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other run uses, and a way to delete everything under it. */
export function testPrefix(): { prefix: string; cleanUp(redis: Redis): Promise<void> } {
  const prefix = `imprint-test:${randomBytes(6).toString('hex')}:`;
  return {
    prefix,
    async cleanUp(redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    },
  };
}
