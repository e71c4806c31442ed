/** Told once when a limiter starts answering from its per-node fallback, and once when Redis answers again. */
export interface FailoverEvents {
  onUnavailable?(limiter: string, error: Error): void;
  onRecovered?(limiter: string): void;
}

/**
 * Runs a Redis call and, when it fails, the per-node fallback instead. Each
 * call tries Redis again (the client refuses at once while disconnected), so
 * the shared count resumes by itself when Redis is back. The warning is
 * logged on the transition only: an outage must not write one line per request.
 */
export class RedisFailover {
  private down = false;

  constructor(
    private readonly limiter: string,
    private readonly events: FailoverEvents = {},
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => T | Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await shared();
    } catch (error) {
      if (!this.down) {
        this.down = true;
        this.events.onUnavailable?.(this.limiter, error as Error);
      }
      return local();
    }
    if (this.down) {
      this.down = false;
      this.events.onRecovered?.(this.limiter);
    }
    return result;
  }
}
