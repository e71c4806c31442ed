/**
 * Fixed-window limiter kept in memory, per subject (API key or account) and per
 * policy. A fixed window (rather than a token bucket) makes the limit exactly
 * what the RateLimit-Policy header promises: q requests per w seconds, no more,
 * no less. A shared store for many nodes implements the same interface later
 * (hitAll maps onto one Lua script: check every window, then count in all).
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

export interface RateLimitCheck {
  subject: string;
  policy: RateLimitPolicy;
}

export interface RateLimiter {
  hit(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
  /**
   * All or nothing: the request is counted in every window only when every
   * window has room. A refused request spends nothing, so a key that is over
   * its own limit cannot drain its account's window for the account's other keys.
   * Decisions come back in the order of `checks`.
   */
  hitAll(checks: RateLimitCheck[]): Promise<RateLimitDecision[]>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  async hit(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    return (await this.hitAll([{ subject, policy }]))[0];
  }

  async hitAll(checks: RateLimitCheck[]): Promise<RateLimitDecision[]> {
    const now = this.nowMs();
    // Synchronous from here on: no other request can interleave between check and count.
    const windows = checks.map(({ subject, policy }) => {
      const windowMs = policy.windowSeconds * 1000;
      const key = `${policy.name}:${subject}`;
      let window = this.windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0, windowMs };
        this.windows.set(key, window);
        if (this.windows.size > 100_000) this.evictExpired(now);
      }
      return { window, policy, resetSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    });
    const allowed = windows.every(({ window, policy }) => window.count < policy.limit);
    if (allowed) for (const { window } of windows) window.count += 1;
    return windows.map(({ window, policy, resetSeconds }) => ({
      allowed: allowed || window.count < policy.limit,
      remaining: Math.max(0, policy.limit - window.count),
      resetSeconds,
    }));
  }

  private evictExpired(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= window.windowMs) this.windows.delete(key);
  }
}

/**
 * The window to report when several apply: a refusing one (the latest to reset,
 * so Retry-After is when every window has room again), else the one with the
 * fewest requests left.
 */
export function bindingIndex(decisions: RateLimitDecision[]): number {
  let best = 0;
  for (let i = 1; i < decisions.length; i++) {
    const a = decisions[i];
    const b = decisions[best];
    const better =
      a.allowed !== b.allowed
        ? !a.allowed
        : !a.allowed
          ? a.resetSeconds > b.resetSeconds
          : a.remaining < b.remaining || (a.remaining === b.remaining && a.resetSeconds > b.resetSeconds);
    if (better) best = i;
  }
  return best;
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
