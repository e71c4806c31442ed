/**
 * Fixed-window limiter kept in memory, per API key and per policy. A fixed
 * window (rather than a token bucket) makes the limit exactly what the
 * RateLimit-Policy header promises: q requests per w seconds, no more, no less.
 * A shared store for many nodes implements the same interface later.
 */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  async hit(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    const now = this.nowMs();
    const windowMs = policy.windowSeconds * 1000;
    const key = `${policy.name}:${subject}`;
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.evictExpired(now, windowMs);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    if (window.count >= policy.limit) return { allowed: false, remaining: 0, resetSeconds };
    window.count += 1;
    return { allowed: true, remaining: policy.limit - window.count, resetSeconds };
  }

  private evictExpired(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
  }
}

/** Header values per draft-ietf-httpapi-ratelimit-headers (structured-field form with a named policy). */
export function rateLimitHeaders(policy: RateLimitPolicy, decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
