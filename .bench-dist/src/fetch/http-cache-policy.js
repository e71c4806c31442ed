const RELEVANT = ['cache-control', 'expires', 'date', 'etag', 'last-modified'];
/**
 * Without explicit freshness, the origin still gets a short window so that a template
 * whose logo has no caching headers is not re-downloaded for every render. RFC 9111
 * §4.2.2 allows such heuristics for 200 responses.
 */
const DEFAULT_HEURISTIC_MS = 5 * 60_000;
const MAX_HEURISTIC_MS = 24 * 60 * 60_000;
function header(headers, name) {
    const v = headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
}
function relevantHeaders(headers) {
    const out = {};
    for (const name of RELEVANT) {
        const v = header(headers, name);
        if (v !== undefined)
            out[name] = v;
    }
    return out;
}
function parseCacheControl(value) {
    const directives = new Map();
    if (!value)
        return directives;
    for (const part of value.split(',')) {
        const [rawName, ...rest] = part.split('=');
        const name = rawName.trim().toLowerCase();
        if (!name)
            continue;
        directives.set(name, rest.length ? rest.join('=').trim().replace(/^"|"$/g, '') : true);
    }
    return directives;
}
function seconds(v) {
    if (typeof v !== 'string' || !/^\d+$/.test(v))
        return undefined;
    return Number(v);
}
function dateMs(v) {
    if (!v)
        return undefined;
    const t = Date.parse(v);
    return Number.isNaN(t) ? undefined : t;
}
/**
 * Derives the cache policy for a 200 (or the refreshed policy after a 304), or null
 * when the response must not be stored (`no-store`). `now` is injectable for tests.
 */
export function cachePolicyFrom(headers, now = Date.now()) {
    const cc = parseCacheControl(header(headers, 'cache-control'));
    if (cc.has('no-store'))
        return null;
    const etag = header(headers, 'etag');
    const lastModified = header(headers, 'last-modified');
    let lifetimeMs;
    // We are a cache shared by all tenants, so s-maxage wins over max-age. `private`
    // is not honoured as "don't store": we never send credentials, so the response is
    // the same for every tenant.
    const maxAge = seconds(cc.get('s-maxage')) ?? seconds(cc.get('max-age'));
    const date = dateMs(header(headers, 'date')) ?? now;
    if (cc.has('no-cache')) {
        lifetimeMs = 0;
    }
    else if (maxAge !== undefined) {
        lifetimeMs = maxAge * 1000;
    }
    else if (header(headers, 'expires') !== undefined) {
        // An unparseable Expires (often "0" or "-1") means "already expired".
        const expires = dateMs(header(headers, 'expires'));
        lifetimeMs = expires === undefined ? 0 : Math.max(0, expires - date);
    }
    else {
        const lm = dateMs(lastModified);
        lifetimeMs = lm !== undefined ? Math.min(MAX_HEURISTIC_MS, Math.max(0, (date - lm) / 10)) : DEFAULT_HEURISTIC_MS;
    }
    const policy = { freshUntil: now + lifetimeMs, headers: relevantHeaders(headers) };
    if (etag)
        policy.etag = etag;
    if (lastModified)
        policy.lastModified = lastModified;
    return policy;
}
/**
 * After a 304, header fields present in the 304 replace the stored ones and the rest
 * are kept (RFC 9111 §4.3.4); freshness is then recomputed from the merged set.
 */
export function mergeRevalidated(stored, headers, now = Date.now()) {
    const merged = { ...stored.headers, ...relevantHeaders(headers) };
    if (!relevantHeaders(headers).date)
        delete merged.date;
    return cachePolicyFrom(merged, now);
}
export function conditionalHeaders(policy) {
    const h = {};
    if (policy.etag)
        h['if-none-match'] = policy.etag;
    if (policy.lastModified)
        h['if-modified-since'] = policy.lastModified;
    return h;
}
export function canRevalidate(policy) {
    return Boolean(policy.etag || policy.lastModified);
}
//# sourceMappingURL=http-cache-policy.js.map