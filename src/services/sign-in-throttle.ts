import { throttleDelayMs, type ThrottlePolicy } from '../domain/auth-policy.js';

interface Entry {
  failures: number;
  lastFailureMs: number;
}

/** How long until `subject` may try again; 0 = now. */
export interface ThrottleCheck {
  waitMs: number;
}

/**
 * Failed sign-ins per subject (an email, an IP). After the free
 * failures each further one doubles the wait before the next attempt is even
 * looked at (429 + Retry-After), so guessing slows exponentially while a
 * person who mistypes a few times never notices. A success clears the email's
 * count. In memory here, per process (decision 0016); shared by every node
 * when REDIS_URL is set (src/redis, decision 0027).
 */
export interface SignInThrottle {
  check(subject: string): Promise<ThrottleCheck>;
  fail(subject: string): Promise<void>;
  succeed(subject: string): Promise<void>;
}

export class MemorySignInThrottle implements SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly nowMs: () => number = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  async check(subject: string): Promise<ThrottleCheck> {
    const entry = this.live(subject);
    if (!entry) return { waitMs: 0 };
    const until = entry.lastFailureMs + throttleDelayMs(this.policy, entry.failures);
    return { waitMs: Math.max(0, until - this.nowMs()) };
  }

  async fail(subject: string): Promise<void> {
    const entry = this.live(subject) ?? { failures: 0, lastFailureMs: 0 };
    entry.failures++;
    entry.lastFailureMs = this.nowMs();
    this.entries.delete(subject);
    this.entries.set(subject, entry);
    // Oldest first (Map keeps insertion order and fail() re-inserts): a flood of new subjects forgets the stalest.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  async succeed(subject: string): Promise<void> {
    this.entries.delete(subject);
  }

  private live(subject: string): Entry | undefined {
    const entry = this.entries.get(subject);
    if (entry && this.nowMs() - entry.lastFailureMs > this.policy.forgetAfterMs) {
      this.entries.delete(subject);
      return undefined;
    }
    return entry;
  }
}
