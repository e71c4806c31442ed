import { createHash } from 'node:crypto';
import { decodeDataUrl, isDataUrl } from './data-url.js';
import { canRevalidate, cachePolicyFrom, conditionalHeaders, mergeRevalidated } from './http-cache-policy.js';
import type { CachePolicy } from './http-cache-policy.js';
import { httpGetOnce } from './http-get.js';
import type { ConnectTarget, HopResponse } from './http-get.js';
import { LRUCache } from 'lru-cache';
import { ImageCache, type CacheEntry } from './image-cache.js';
import { ImageFetchError } from './image-fetch-error.js';
import { inspectImage } from './image-inspect.js';
import { parseHttpUrl, resolvePublicTargets, type AddressPolicyOptions } from './public-targets.js';
import type { FetchedImage } from './image-inspect.js';

export { ImageFetchError } from './image-fetch-error.js';
export type { ImageFetchReason } from './image-fetch-error.js';
export type { FetchedImage, ImageFormat } from './image-inspect.js';

export type { LookupFn } from './public-targets.js';

export interface ImageFetcherOptions extends AddressPolicyOptions {
  /** Directory for the on-disk cache; omitted = memory only. */
  cacheDir?: string;
  /** Budget of the disk tier (FETCH_CACHE_MB), least recently used evicted first. Default: unbounded. */
  diskCacheBytes?: number;
  maxBytes?: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxRedirects?: number;
  maxPixels?: number;
  memoryCacheBytes?: number;
  /** Told how each remote fetch was served, for /metrics: bytes from the cache (hit, revalidated) or downloaded (miss). */
  onCacheResult?: (result: 'hit' | 'revalidated' | 'miss', bytes: number) => void;
}

export interface ImageFetcher {
  /** Resolves to a validated raster image or rejects with ImageFetchError. */
  fetchImage(url: string): Promise<FetchedImage>;
  /**
   * Confirms that the downloads of these sources served a request that succeeded,
   * so they may enter the cache. Until then a download is only held briefly for
   * concurrent requests (PENDING_TTL_MS) and never written to disk: a refused or
   * refunded generate leaves nothing behind. Never rejects.
   */
  keep(sources: Iterable<string>): Promise<void>;
}

const DEFAULTS = {
  maxBytes: 15 * 1024 * 1024,
  connectTimeoutMs: 3_000,
  totalTimeoutMs: 10_000,
  maxRedirects: 5,
  maxPixels: 40_000_000,
  memoryCacheBytes: 64 * 1024 * 1024,
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** How long an unconfirmed download may be shared: longer than a render may wait and run. */
const PENDING_TTL_MS = 120_000;
const REQUEST_HEADERS = {
  'user-agent': 'Imprint-ImageFetcher/1.0',
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5',
  // Images are already compressed; asking for identity keeps bombs off the happy path.
  // A server that compresses anyway is still decoded with a byte cap (http-get.ts).
  'accept-encoding': 'identity',
};

type Download = { hops: string[] } & ({ kind: 'ok'; hop: HopResponse & { body: Buffer } } | { kind: 'not_modified'; hop: HopResponse });

export function createImageFetcher(opts: ImageFetcherOptions = {}): ImageFetcher {
  const cfg = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS & ImageFetcherOptions;
  const cache = new ImageCache({ memoryBytes: cfg.memoryCacheBytes, dir: opts.cacheDir, diskBytes: opts.diskCacheBytes });
  const inflight = new Map<string, Promise<FetchedImage>>();
  // Downloads not yet confirmed by keep(). Bounded by bytes and time, so unconfirmed ones fade out.
  const pending = new LRUCache<string, CacheEntry>({
    maxSize: Math.max(1, Math.floor(cfg.memoryCacheBytes / 2)),
    sizeCalculation: (e) => e.image.bytes.length + 512,
    ttl: PENDING_TTL_MS,
  });
  // The policy is part of the key: an entry made while private addresses were allowed
  // can never be read under the public-only policy, whatever DNS says later.
  const keyOf = (url: URL) => `${opts.allowPrivate ? 'any' : 'public'}|${url.href}`;

  const resolveTargets = (url: URL, deadline: number) => resolvePublicTargets(url, deadline, opts);

  async function download(start: URL, startTargets: ConnectTarget[], deadline: number, conditional: Record<string, string>): Promise<Download> {
    let url = start;
    const hops: string[] = [];
    for (let redirects = 0; ; redirects++) {
      // The first hop reuses the answers checked before the cache read: one lookup, one decision.
      const targets = redirects === 0 ? startTargets : await resolveTargets(url, deadline);
      if (redirects > 0) hops.push(url.href);
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
        if (!location) throw new ImageFetchError('http_status', `The image server answered ${hop.status} without a location.`);
        if (redirects >= cfg.maxRedirects) {
          throw new ImageFetchError('too_many_redirects', `The image URL redirected more than ${cfg.maxRedirects} times.`);
        }
        // Each hop goes through the same scheme, credential and address checks.
        url = parseHttpUrl(location, url);
        continue;
      }
      if (hop.status === 304 && Object.keys(conditional).length > 0) return { kind: 'not_modified', hop, hops };
      if (hop.body) return { kind: 'ok', hop: { ...hop, body: hop.body }, hops };
      throw new ImageFetchError('http_status', `The image server answered with HTTP status ${hop.status}.`);
    }
  }

  /** Unconfirmed results wait in `pending`; keep() moves them into the cache tiers. */
  async function remember(key: string, image: FetchedImage, policy: CachePolicy | null, hops: string[]): Promise<void> {
    if (!policy) {
      // Not storable (no-store and the like): drop what an earlier answer left.
      pending.delete(key);
      await cache.delete(key).catch(() => {});
      return;
    }
    pending.set(key, { image, policy, hops });
  }

  /** Every hop a cached answer came through must still pass today's address policy. */
  async function hopsAllowed(hops: string[], deadline: number): Promise<void> {
    for (const hop of hops) await resolveTargets(parseHttpUrl(hop), deadline);
  }

  async function fetchHttp(url: URL): Promise<FetchedImage> {
    const deadline = Date.now() + cfg.totalTimeoutMs;
    // The address policy runs before any cache read, so a setting or a DNS answer that
    // now forbids this host also forbids what was cached from it.
    const targets = await resolveTargets(url, deadline);
    const key = keyOf(url);
    let cached = pending.get(key) ?? cache.getMemory(key);
    if (!cached) {
      const disk = await cache.readDisk(key);
      if (disk) {
        // Re-inspect: the file may predate stricter limits, or be damaged.
        const image = await inspectImage(disk.bytes, cfg.maxPixels).catch(() => undefined);
        if (image) {
          cached = { image, policy: disk.policy, hops: disk.hops };
          cache.setMemory(key, cached);
        }
      }
    }
    if (cached) await hopsAllowed(cached.hops, deadline);
    const policy = cached?.policy;
    if (cached && (!policy || policy.freshUntil > Date.now())) {
      opts.onCacheResult?.('hit', cached.image.bytes.length);
      return cached.image;
    }
    const conditional = cached && policy && canRevalidate(policy) ? conditionalHeaders(policy) : {};
    const result = await download(url, targets, deadline, conditional);
    if (result.kind === 'not_modified') {
      const refreshed = mergeRevalidated(policy!, result.hop.headers);
      await remember(key, cached!.image, refreshed, result.hops);
      opts.onCacheResult?.('revalidated', cached!.image.bytes.length);
      return cached!.image;
    }
    const image = await inspectImage(result.hop.body, cfg.maxPixels);
    await remember(key, image, cachePolicyFrom(result.hop.headers), result.hops);
    opts.onCacheResult?.('miss', result.hop.body.length);
    return image;
  }

  async function keep(sources: Iterable<string>): Promise<void> {
    for (const source of new Set(sources)) {
      if (isDataUrl(source)) continue;
      let key: string;
      try {
        key = keyOf(parseHttpUrl(source));
      } catch {
        continue;
      }
      const entry = pending.get(key);
      if (!entry || !entry.policy) continue;
      pending.delete(key);
      cache.setMemory(key, entry);
      await cache.writeDisk(key, { bytes: entry.image.bytes, policy: entry.policy, hops: entry.hops }).catch(() => {
        // A full or read-only cache disk must not fail the render; memory still serves.
      });
    }
  }

  async function fetchData(key: string, input: string): Promise<FetchedImage> {
    const cached = cache.getMemory(key);
    if (cached) return cached.image;
    const image = await inspectImage(decodeDataUrl(input, cfg.maxBytes), cfg.maxPixels);
    cache.setMemory(key, { image, policy: null, hops: [] });
    return image;
  }

  function dedupe(key: string, run: () => Promise<FetchedImage>): Promise<FetchedImage> {
    const existing = inflight.get(key);
    if (existing) return existing;
    const p = run().finally(() => inflight.delete(key));
    inflight.set(key, p);
    return p;
  }

  return {
    keep,
    fetchImage(input: string): Promise<FetchedImage> {
      try {
        if (isDataUrl(input)) {
          // Content-addressed: the same inline logo in many templates is decoded once.
          const key = `data:sha256:${createHash('sha256').update(input.trim()).digest('hex')}`;
          return dedupe(key, () => fetchData(key, input));
        }
        const url = parseHttpUrl(input);
        return dedupe(url.href, () => fetchHttp(url));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}
