import { createHash } from 'node:crypto';
import dns from 'node:dns';
import { ipLiteralOf, isPublicUnicast } from './address-policy.js';
import { decodeDataUrl, isDataUrl } from './data-url.js';
import { canRevalidate, cachePolicyFrom, conditionalHeaders, mergeRevalidated } from './http-cache-policy.js';
import { httpGetOnce } from './http-get.js';
import { ImageCache } from './image-cache.js';
import { ImageFetchError } from './image-fetch-error.js';
import { inspectImage } from './image-inspect.js';
export { ImageFetchError } from './image-fetch-error.js';
const DEFAULTS = {
    maxBytes: 15 * 1024 * 1024,
    connectTimeoutMs: 3_000,
    totalTimeoutMs: 10_000,
    maxRedirects: 5,
    maxPixels: 40_000_000,
    memoryCacheBytes: 64 * 1024 * 1024,
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const REQUEST_HEADERS = {
    'user-agent': 'Imprint-ImageFetcher/1.0',
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5',
    // Images are already compressed; asking for identity keeps bombs off the happy path.
    // A server that compresses anyway is still decoded with a byte cap (http-get.ts).
    'accept-encoding': 'identity',
};
async function defaultLookup(host) {
    const found = await dns.promises.lookup(host, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}
function withDeadline(promise, deadline) {
    let timer;
    const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new ImageFetchError('timeout', 'Resolving the image host took too long.')), Math.max(0, deadline - Date.now()));
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
function parseHttpUrl(input, base) {
    let url;
    try {
        url = new URL(input, base);
    }
    catch (err) {
        throw new ImageFetchError('bad_url', 'The image URL is not a valid URL.', { cause: err });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ImageFetchError('bad_scheme', `Only http and https image URLs are allowed, not "${url.protocol}".`);
    }
    if (url.username || url.password) {
        throw new ImageFetchError('bad_url', 'Image URLs must not contain a user name or password.');
    }
    return url;
}
export function createImageFetcher(opts = {}) {
    const cfg = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) };
    const lookup = opts.lookup ?? defaultLookup;
    const cache = new ImageCache({ memoryBytes: cfg.memoryCacheBytes, dir: opts.cacheDir });
    const inflight = new Map();
    /** Resolves once and checks every answer: one private address taints the whole name. */
    async function resolveTargets(url, deadline) {
        const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
        let addresses;
        const literal = ipLiteralOf(url);
        if (literal) {
            addresses = [literal];
        }
        else {
            try {
                addresses = await withDeadline(lookup(url.hostname), deadline);
            }
            catch (err) {
                if (err instanceof ImageFetchError)
                    throw err;
                throw new ImageFetchError('dns', `The image host "${url.hostname}" could not be resolved.`, { cause: err });
            }
            if (addresses.length === 0) {
                throw new ImageFetchError('dns', `The image host "${url.hostname}" could not be resolved.`);
            }
        }
        if (!opts.allowPrivate && !addresses.every((a) => isPublicUnicast(a.address))) {
            throw new ImageFetchError('blocked_address', 'The image URL points to a private, local or reserved network address, which is not allowed.');
        }
        // IPv4 first: hosts without IPv6 egress would otherwise wait on a dead AAAA route.
        const ordered = [...addresses].sort((a, b) => a.family - b.family);
        const targets = ordered.map((a) => ({ address: a.address, family: a.family, port }));
        return opts.testOnlyConnectTo ? targets.map(opts.testOnlyConnectTo) : targets;
    }
    async function download(start, conditional) {
        const deadline = Date.now() + cfg.totalTimeoutMs;
        let url = start;
        for (let redirects = 0;; redirects++) {
            const targets = await resolveTargets(url, deadline);
            const hop = await httpGetOnce({
                url,
                targets,
                headers: { ...REQUEST_HEADERS, ...conditional },
                deadline,
                connectTimeoutMs: cfg.connectTimeoutMs,
                maxBytes: cfg.maxBytes,
            });
            if (REDIRECTS.has(hop.status)) {
                const location = hop.headers.location;
                if (!location)
                    throw new ImageFetchError('http_status', `The image server answered ${hop.status} without a location.`);
                if (redirects >= cfg.maxRedirects) {
                    throw new ImageFetchError('too_many_redirects', `The image URL redirected more than ${cfg.maxRedirects} times.`);
                }
                // Each hop goes through the same scheme, credential and address checks.
                url = parseHttpUrl(location, url);
                continue;
            }
            if (hop.status === 304 && Object.keys(conditional).length > 0)
                return { kind: 'not_modified', hop };
            if (hop.body)
                return { kind: 'ok', hop: { ...hop, body: hop.body } };
            throw new ImageFetchError('http_status', `The image server answered with HTTP status ${hop.status}.`);
        }
    }
    async function store(key, image, policy) {
        if (!policy) {
            await cache.delete(key);
            return;
        }
        cache.setMemory(key, { image, policy });
        await cache.writeDisk(key, { bytes: image.bytes, policy }).catch(() => {
            // A full or read-only cache disk must not fail the render; memory still serves.
        });
    }
    async function fetchHttp(url) {
        const key = url.href;
        let cached = cache.getMemory(key);
        if (!cached) {
            const disk = await cache.readDisk(key);
            if (disk) {
                // Re-inspect: the file may predate stricter limits, or be damaged.
                const image = await inspectImage(disk.bytes, cfg.maxPixels).catch(() => undefined);
                if (image) {
                    cached = { image, policy: disk.policy };
                    cache.setMemory(key, cached);
                }
            }
        }
        const policy = cached?.policy;
        if (cached && (!policy || policy.freshUntil > Date.now()))
            return cached.image;
        const conditional = cached && policy && canRevalidate(policy) ? conditionalHeaders(policy) : {};
        const result = await download(url, conditional);
        if (result.kind === 'not_modified') {
            const refreshed = mergeRevalidated(policy, result.hop.headers);
            await store(key, cached.image, refreshed);
            return cached.image;
        }
        const image = await inspectImage(result.hop.body, cfg.maxPixels);
        await store(key, image, cachePolicyFrom(result.hop.headers));
        return image;
    }
    async function fetchData(key, input) {
        const cached = cache.getMemory(key);
        if (cached)
            return cached.image;
        const image = await inspectImage(decodeDataUrl(input, cfg.maxBytes), cfg.maxPixels);
        cache.setMemory(key, { image, policy: null });
        return image;
    }
    function dedupe(key, run) {
        const existing = inflight.get(key);
        if (existing)
            return existing;
        const p = run().finally(() => inflight.delete(key));
        inflight.set(key, p);
        return p;
    }
    return {
        fetchImage(input) {
            try {
                if (isDataUrl(input)) {
                    // Content-addressed: the same inline logo in many templates is decoded once.
                    const key = `data:sha256:${createHash('sha256').update(input.trim()).digest('hex')}`;
                    return dedupe(key, () => fetchData(key, input));
                }
                const url = parseHttpUrl(input);
                return dedupe(url.href, () => fetchHttp(url));
            }
            catch (err) {
                return Promise.reject(err);
            }
        },
    };
}
//# sourceMappingURL=image-fetcher.js.map