export class MemoryRateLimiter {
    nowMs;
    windows = new Map();
    constructor(nowMs = Date.now) {
        this.nowMs = nowMs;
    }
    async hit(subject, policy) {
        const now = this.nowMs();
        const windowMs = policy.windowSeconds * 1000;
        const key = `${policy.name}:${subject}`;
        let window = this.windows.get(key);
        if (!window || now - window.start >= windowMs) {
            window = { start: now, count: 0 };
            this.windows.set(key, window);
            if (this.windows.size > 100_000)
                this.evictExpired(now, windowMs);
        }
        const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
        if (window.count >= policy.limit)
            return { allowed: false, remaining: 0, resetSeconds };
        window.count += 1;
        return { allowed: true, remaining: policy.limit - window.count, resetSeconds };
    }
    evictExpired(now, windowMs) {
        for (const [key, window] of this.windows)
            if (now - window.start >= windowMs)
                this.windows.delete(key);
    }
}
/** Header values per draft-ietf-httpapi-ratelimit-headers (structured-field form with a named policy). */
export function rateLimitHeaders(policy, decision) {
    const headers = {
        'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
        RateLimit: `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
    };
    if (!decision.allowed)
        headers['Retry-After'] = String(decision.resetSeconds);
    return headers;
}
//# sourceMappingURL=rate-limiter.js.map