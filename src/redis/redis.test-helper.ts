import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other run uses, and a way to delete everything under it. */
export function testPrefix(): { prefix: string; cleanUp(redis: Redis): Promise<void>; drop(): Promise<void> } {
  const prefix = `imprint-test:${randomBytes(6).toString('hex')}:`;
  const cleanUp = async (redis: Redis) => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  };
  return {
    prefix,
    cleanUp,
    /** cleanUp on a connection of its own, for tests whose Redis clients live in server processes. */
    async drop() {
      const redis = new Redis(REDIS_TEST_URL);
      try {
        await cleanUp(redis);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** Forwards a local port to the real Redis until cut(); cut() also drops every open connection. */
export async function startProxy(port: number): Promise<{ cut(): Promise<void> }> {
  const target = new URL(REDIS_TEST_URL);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
