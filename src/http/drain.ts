import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/errors.js';

/**
 * Graceful shutdown's first half. After start() the node looks unready to
 * the load balancer (/readyz answers 503) and refuses new work with 503 +
 * Retry-After, so clients retry on another node, while the requests already
 * running (renders above all) finish. The listener stays open meanwhile: a
 * closed port would turn the balancer's last few requests into connection
 * errors instead of a clean, retryable 503.
 */
export class Drain {
  draining = false;
  private inFlight = 0;
  private readonly waiters = new Set<() => void>();

  start(): void {
    this.draining = true;
  }

  /** Resolves true when no request is running, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(onIdle);
        resolve(value);
      };
      const onIdle = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(onIdle);
    });
  }

  get running(): number {
    return this.inFlight;
  }

  /** Registers the counting and refusing hook; first, so a refused request costs no authentication. */
  register(app: FastifyInstance, alwaysOpen: ReadonlySet<string>): void {
    app.addHook('onRequest', async (request, reply) => {
      this.inFlight++;
      reply.raw.once('close', () => {
        if (--this.inFlight === 0) for (const waiter of [...this.waiters]) waiter();
      });
      if (!this.draining) return;
      // Keep-alive clients must reconnect, which the balancer sends elsewhere.
      reply.header('Connection', 'close');
      if (alwaysOpen.has(request.url.split('?')[0])) return;
      throw new ApiError('service_unavailable', 'This server is shutting down. Retry; another server will answer.', { headers: { 'Retry-After': '1' } });
    });
  }
}
